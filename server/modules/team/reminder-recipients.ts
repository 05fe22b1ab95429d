import type { ResultsVisibility, TeamRole, Timestamp } from '../../db/schema.ts';
import type { ReminderRecipient } from '../../events/domain-events.ts';
import { isSubmissionAwaited } from '../decisions/index.ts';

/** A voter's submission (issue 27): null until submitted, and again once reopened. */
interface Submission {
  submitted_at: unknown;
}

/** What the read model holds of a team decision (its accepted members and who voted in full), and its setting. */
export interface ReminderParts {
  /** The decision's `results_visibility`: whether a voter's results wait for their submission. */
  visibility: ResultsVisibility;
  team:
    | {
        owner: { id: number } & Submission;
        /** `deleted_at`: a former member (deleted account, issue 28), whom nothing reaches. */
        members: readonly ({
          user_id: number;
          role: TeamRole;
          deleted_at?: Timestamp | null | undefined;
          /** Left the decision's workspace (issue 29): nothing reaches them either. */
          left_at?: Timestamp | null | undefined;
        } & Submission)[];
      }
    | undefined;
  /** `completeIds`: `completeVotersOf` for the decision's revision, computed once by the read model. */
  teamResults?: { completeIds: ReadonlySet<number> } | undefined;
}

/**
 * Who a reminder reaches, and what is left for each: every voter (the owner, admins and editors who
 * accepted; never viewers or pending invitations) who has not voted in full (every cell; AI mode:
 * weights) is asked to vote; where results wait for the submitted vote (`after_vote`), a voter whose
 * vote is complete but not submitted (never, or reopened since) is asked to submit it, since until
 * then they see no results. Never the sender.
 */
export function reminderRecipientsOf(parts: ReminderParts, senderId: number | null): ReminderRecipient[] {
  if (!parts.team) return [];
  const complete = parts.teamResults?.completeIds ?? new Set<number>();
  const isSubmissionLeft = isSubmissionAwaited(parts.visibility);
  const voters = [
    { userId: parts.team.owner.id, submittedAt: parts.team.owner.submitted_at },
    ...parts.team.members
      .filter((member) => member.role !== 'viewer' && member.deleted_at == null && member.left_at == null)
      .map((member) => ({ userId: member.user_id, submittedAt: member.submitted_at })),
  ];
  return voters.flatMap<ReminderRecipient>(({ userId, submittedAt }) => {
    if (userId === senderId) return [];
    if (!complete.has(userId)) return [{ userId, left: 'vote' }];
    if (isSubmissionLeft && submittedAt === null) return [{ userId, left: 'submit' }];
    return [];
  });
}
