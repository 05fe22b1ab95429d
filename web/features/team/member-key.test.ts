import { describe, expect, it } from 'vitest';
import { memberKeyOf } from './member-key.ts';

describe('memberKeyOf', () => {
  it('tells accounts, former members and invitations apart, even when their numbers are equal', () => {
    const keys = [
      memberKeyOf({ user_id: 7, id: null, invitation_id: null }),
      memberKeyOf({ user_id: 7, id: 3, invitation_id: null }),
      memberKeyOf({ user_id: null, id: 7, invitation_id: null }),
      memberKeyOf({ user_id: null, id: 8, invitation_id: null }),
      memberKeyOf({ user_id: null, id: null, invitation_id: 7 }),
    ];
    expect(keys).toEqual(['user-7', 'user-7', 'membership-7', 'membership-8', 'invitation-7']);
  });
});
