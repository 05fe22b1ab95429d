import { completeVotersOf } from '../../../shared/scoring/team.ts';
import type { TeamRole } from '../../db/schema.ts';
import type { CriterionRow, DecisionRow, EvaluationRow, OptionRow } from './repo.ts';

/** What the read model holds of a team decision: its matrix, votes, weights and accepted members. */
export interface ReminderParts {
  options: readonly Pick<OptionRow, 'id'>[];
  criteria: readonly Pick<CriterionRow, 'id' | 'importance'>[];
  evaluations: readonly EvaluationRow[];
  weights: readonly { criterion_id: number; user_id: number; weight: number }[];
  team: { owner: { id: number }; members: readonly { user_id: number; role: TeamRole }[] } | undefined;
}

/**
 * Who a reminder reaches: every voter (the owner, admins and editors who accepted; never viewers or
 * pending invitations) who has not voted in full (`completeVotersOf`), never the sender.
 */
export function reminderRecipientsOf(
  decision: Pick<DecisionRow, 'mode'>,
  parts: ReminderParts,
  senderId: number | null,
): number[] {
  if (!parts.team) return [];
  const complete = completeVotersOf(decision.mode, parts, parts.evaluations, parts.weights);
  const voters = [
    parts.team.owner.id,
    ...parts.team.members.filter((member) => member.role !== 'viewer').map((member) => member.user_id),
  ];
  return voters.filter((userId) => userId !== senderId && !complete.has(userId));
}
