import { AppError } from '../../app-error.ts';
import type { WorkspaceRole } from '../../db/schema.ts';

/** What one may do in a workspace. */
export type WorkspaceAction =
  | 'view'
  /** Members' addresses and the pending invitations. */
  | 'seePrivate'
  | 'rename'
  | 'delete'
  | 'invite'
  /** Change roles and remove members (never the owner: the use case refuses that with 409). */
  | 'manageMembers'
  | 'transfer'
  | 'manageCriteriaSets'
  /** Issue 32: outbound webhooks of the workspace (they hear every decision of it). */
  | 'manageWebhooks';

/** Roles × actions, as the issue states them: owner and admins manage, members read; only the owner deletes and hands over. */
export const WORKSPACE_POLICY: Record<WorkspaceAction, readonly WorkspaceRole[]> = {
  view: ['owner', 'admin', 'member'],
  seePrivate: ['owner', 'admin'],
  rename: ['owner', 'admin'],
  delete: ['owner'],
  invite: ['owner', 'admin'],
  manageMembers: ['owner', 'admin'],
  transfer: ['owner'],
  manageCriteriaSets: ['owner', 'admin'],
  manageWebhooks: ['owner', 'admin'],
};

export function canInWorkspace(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return WORKSPACE_POLICY[action].includes(role);
}

/** 404 for a non-member (exactly as for an unknown workspace), 403 for a role without the right. */
export function authorizeWorkspace<Membership extends { role: WorkspaceRole }>(
  membership: Membership | undefined,
  action: WorkspaceAction,
): Membership {
  if (!membership) throw new AppError('NOT_FOUND');
  if (!canInWorkspace(membership.role, action)) throw new AppError('FORBIDDEN');
  return membership;
}
