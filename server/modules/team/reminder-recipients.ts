import type { TeamRole, Timestamp } from '../../db/schema.ts';

/** What the read model holds of a team decision: its accepted members and who voted in full. */
export interface ReminderParts {
  team:
    | {
        owner: { id: number };
        /** `deleted_at`: a former member (deleted account, issue 28), whom nothing reaches. */
        members: readonly { user_id: number; role: TeamRole; deleted_at?: Timestamp | null | undefined }[];
      }
    | undefined;
  /** `completeIds`: `completeVotersOf` for the decision's revision, computed once by the read model. */
  teamResults?: { completeIds: ReadonlySet<number> } | undefined;
}

/**
 * Who a reminder reaches: every voter (the owner, admins and editors who accepted; never viewers or
 * pending invitations) who has not voted in full (every cell; AI mode: weights), never the sender.
 */
export function reminderRecipientsOf(parts: ReminderParts, senderId: number | null): number[] {
  if (!parts.team) return [];
  const complete = parts.teamResults?.completeIds ?? new Set<number>();
  const voters = [
    parts.team.owner.id,
    ...parts.team.members
      .filter((member) => member.role !== 'viewer' && member.deleted_at == null)
      .map((member) => member.user_id),
  ];
  return voters.filter((userId) => userId !== senderId && !complete.has(userId));
}
