import { describe, expect, it } from 'vitest';
import {
  presentAcceptResult,
  presentInvitationPreview,
  presentInviteResult,
  presentMemberList,
} from './presenter.ts';

describe('team presenter', () => {
  const invitation = {
    role: 'editor' as const,
    decision_id: 7,
    decision_name: 'Which car',
    inviter_nickname: null,
    inviter_first_name: null,
    inviter_last_name: null,
    inviter_email: 'ada@example.com',
    email: 'bob@example.com',
    expires_at: new Date('2030-01-02T03:04:05Z'),
    // Columns the page must never see.
    token_hash: 'secret hash',
    inviter_id: 1,
  };

  it('previews an invitation with the inviter by display name and an ISO expiry, nothing more', () => {
    expect(presentInvitationPreview(invitation)).toStrictEqual({
      role: 'editor',
      decision_id: 7,
      decision_name: 'Which car',
      inviter: 'ada',
      email: 'bob@example.com',
      expires_at: '2030-01-02T03:04:05.000Z',
    });
    expect(presentInvitationPreview({ ...invitation, inviter_nickname: 'Ada L.' }).inviter).toBe('Ada L.');
    expect(
      presentInvitationPreview({ ...invitation, inviter_first_name: 'Ada', inviter_last_name: 'Lovelace' })
        .inviter,
    ).toBe('Ada Lovelace');
    // SQLite hands timestamps over as strings.
    expect(presentInvitationPreview({ ...invitation, expires_at: '2030-01-02T03:04:05Z' }).expires_at).toBe(
      '2030-01-02T03:04:05.000Z',
    );
  });

  it('answers an invite with the token under both names and says whether the mail waits', () => {
    const created = {
      invitation: { id: 3, token_hash: 'secret hash' },
      token: 'tok',
      link: 'https://x/i',
      isMailHeld: false,
    };
    expect(presentInviteResult('en', created)).toStrictEqual({
      message: 'Invitation sent.',
      invite_token: 'tok',
      token: 'tok',
      link: 'https://x/i',
      invitation_id: 3,
      mail_held: false,
    });
    expect(presentInviteResult('de', { ...created, isMailHeld: true })).toMatchObject({
      message: expect.stringMatching(/^Einladung erstellt\./),
      mail_held: true,
    });
  });

  it('answers an accept with the decision to open', () => {
    expect(presentAcceptResult('en', { decisionId: 7, isAlreadyMember: false })).toStrictEqual({
      message: 'Invitation accepted.',
      decision_id: 7,
    });
    expect(presentAcceptResult('de', { decisionId: 7, isAlreadyMember: true })).toStrictEqual({
      message: 'Du hast diese Einladung bereits angenommen.',
      decision_id: 7,
    });
  });

  it('lists nobody for a decision without a team, else owner, members and pending invitations', () => {
    const reader = { decision: { workspace_id: null }, relation: 'viewer' as const };
    expect(presentMemberList({ team: undefined }, 'en', reader)).toEqual([]);
    const list = presentMemberList(
      {
        team: {
          owner: {
            id: 1,
            email: 'ada@example.com',
            nickname: null,
            first_name: 'Ada',
            last_name: 'Lovelace',
            avatar_id: 'a1b2',
            submitted_at: '2026-01-02T10:00:00.000Z',
            reopened_at: null,
          },
          members: [
            {
              id: 10,
              user_id: 2,
              role: 'viewer',
              email: 'bob@example.com',
              nickname: 'Bob',
              first_name: 'Robert',
              last_name: null,
              avatar_id: null,
              submitted_at: null,
              reopened_at: null,
            },
            {
              id: 11,
              user_id: 3,
              role: 'editor',
              email: 'dora.d@example.com',
              nickname: null,
              first_name: null,
              last_name: null,
              avatar_id: null,
              submitted_at: null,
              reopened_at: '2026-01-03T10:00:00.000Z',
            },
          ],
          pending: [{ id: 20, email: 'Cy.Young@example.com', role: 'editor' }],
        },
        // Ada voted in full; Bob too, but as a viewer he is no voter: never complete. Dora voted in part.
        teamResults: { voterIds: new Set([1, 2, 3]), completeIds: new Set([1, 2]) },
      },
      'en',
      reader,
    );
    expect(
      list.map((member) => [
        member.role,
        member.user_id,
        member.has_voted,
        member.complete,
        member.accepted,
        member.display_name,
        member.avatar_url,
        member.submitted_at,
        member.reopened,
      ]),
    ).toEqual([
      // Ada submitted her vote; Dora's was reopened and not submitted anew (issue 27).
      [
        'owner',
        1,
        true,
        true,
        true,
        'Ada Lovelace',
        '/api/avatars/a1b2.webp',
        '2026-01-02T10:00:00.000Z',
        false,
      ],
      ['viewer', 2, true, false, true, 'Bob', null, null, false],
      ['editor', 3, true, false, true, 'dora.d', null, null, true],
      // A pending invitation is only the address as typed.
      ['editor', null, false, false, false, 'Cy.Young', null, null, false],
    ]);
  });
});
