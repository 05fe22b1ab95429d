import { describe, expect, it } from 'vitest';
import type { Relation } from '../decisions/policy.ts';
import { canOnComment } from './policy.ts';

const AUTHOR = 10;
const SOMEONE_ELSE = 20;
const comment = { user_id: AUTHOR };
const RELATIONS: Relation[] = ['owner', 'admin', 'editor', 'viewer', 'reader', 'none'];

function abilities(userId: number, relationToDecision: Relation) {
  const actor = { userId, relationToDecision };
  return { edit: canOnComment('edit', actor, comment), delete: canOnComment('delete', actor, comment) };
}

describe('canOnComment', () => {
  it.each(RELATIONS)('the author (%s of the decision) edits and deletes their own comment', (relation) => {
    expect(abilities(AUTHOR, relation)).toEqual({ edit: true, delete: true });
  });

  it('the decision owner may delete but not edit someone else’s comment', () => {
    expect(abilities(SOMEONE_ELSE, 'owner')).toEqual({ edit: false, delete: true });
  });

  it.each(RELATIONS.filter((relation) => relation !== 'owner'))(
    'any other non-author (%s) may do neither, admins included',
    (relation) => {
      expect(abilities(SOMEONE_ELSE, relation)).toEqual({ edit: false, delete: false });
    },
  );
});
