import { describe, expect, it } from 'vitest';
import { AppError } from '../../app-error.ts';
import { authorizeWorkspace, canInWorkspace, WORKSPACE_POLICY, type WorkspaceAction } from './policy.ts';

// The rights as one table: owner and admins manage, members read; only the owner deletes
// and hands over.
const EXPECTED: Record<WorkspaceAction, { owner: boolean; admin: boolean; member: boolean }> = {
  view: { owner: true, admin: true, member: true },
  seePrivate: { owner: true, admin: true, member: false },
  rename: { owner: true, admin: true, member: false },
  delete: { owner: true, admin: false, member: false },
  invite: { owner: true, admin: true, member: false },
  manageMembers: { owner: true, admin: true, member: false },
  transfer: { owner: true, admin: false, member: false },
  manageCriteriaSets: { owner: true, admin: true, member: false },
  manageWebhooks: { owner: true, admin: true, member: false },
};

describe('workspace policy', () => {
  it('lists every action of the table', () => {
    expect(Object.keys(WORKSPACE_POLICY).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', (action, roles) => {
    for (const role of ['owner', 'admin', 'member'] as const)
      expect(canInWorkspace(role, action as WorkspaceAction)).toBe(roles[role]);
  });

  it('refuses a non-member with 404 and a role without the right with 403', () => {
    expect(() => authorizeWorkspace(undefined, 'view')).toThrow(new AppError('NOT_FOUND'));
    try {
      authorizeWorkspace({ role: 'member' }, 'rename');
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).status).toBe(403);
    }
    expect(authorizeWorkspace({ role: 'admin' }, 'rename')).toEqual({ role: 'admin' });
  });
});
