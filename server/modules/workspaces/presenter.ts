import type { z } from 'zod';
import type {
  criteriaSetSchema,
  workspaceDetailsSchema,
  workspaceListItemSchema,
} from '../../../shared/api/workspaces.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import type { Selectable } from 'kysely';
import type { WorkspaceCriteriaSetsTable, WorkspaceRole } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';
import { avatarUrl } from '../users/index.ts';
import { canInWorkspace } from './policy.ts';
import type { WorkspaceMemberRow } from './repo.ts';

type WorkspaceDetails = z.infer<typeof workspaceDetailsSchema>;

export function presentWorkspaceList(
  rows: { id: number; name: string; role: WorkspaceRole; member_count: number | string | bigint | null }[],
): z.infer<typeof workspaceListItemSchema>[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    member_count: Number(row.member_count),
  }));
}

/** Members never see others' addresses: `email` only for owner and admins, pending invitations likewise. */
export function presentWorkspaceDetails(details: {
  workspace: { id: number; name: string };
  role: WorkspaceRole;
  members: WorkspaceMemberRow[];
  invitations:
    | {
        id: number;
        email: string;
        role: Exclude<WorkspaceRole, 'owner'>;
        created_at: string | Date;
        expires_at: string | Date;
      }[]
    | undefined;
}): WorkspaceDetails {
  const isManager = canInWorkspace(details.role, 'seePrivate');
  return {
    id: details.workspace.id,
    name: details.workspace.name,
    role: details.role,
    member_count: details.members.length,
    members: details.members.map((member) => ({
      user_id: member.user_id,
      display_name: displayNameOfAccount(member),
      avatar_url: avatarUrl(member.avatar_id),
      role: member.role,
      joined_at: toIsoString(member.joined_at),
      ...(isManager ? { email: member.email } : {}),
    })),
    ...(isManager && details.invitations
      ? {
          invitations: details.invitations.map((invitation) => ({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            created_at: toIsoString(invitation.created_at),
            expires_at: toIsoString(invitation.expires_at),
          })),
        }
      : {}),
  };
}

export function presentCriteriaSet(
  row: Selectable<WorkspaceCriteriaSetsTable>,
): z.infer<typeof criteriaSetSchema> {
  return {
    id: row.id,
    name: row.name,
    criteria: JSON.parse(row.criteria) as z.infer<typeof criteriaSetSchema>['criteria'],
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
  };
}
