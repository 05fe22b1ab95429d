import type { Executor } from './second-factor.ts';
import type { AccountRepo, HeirCandidateRow, MembershipRow } from './repo.ts';
import { isPastDeadline } from '../decisions/index.ts';

type OwnedDecision = Awaited<ReturnType<AccountRepo['listOwnedDecisions']>>[number];

/** A team decision the user owns and who takes it over. */
export interface Transfer {
  decision: OwnedDecision;
  heir: HeirCandidateRow;
  /** Voting still open (draft or open): the leaving owner's votes go, as a removed member's do. */
  isOpen: boolean;
}

/** What deleting the account does to every decision it touches (issue 28), worked out before it is done. */
export interface DeletionPlan {
  personal: OwnedDecision[];
  transfers: Transfer[];
  /** Team decisions with nobody to inherit them: deleted with the account. */
  orphanedTeams: OwnedDecision[];
  openMemberships: MembershipRow[];
  closedMemberships: MembershipRow[];
}

/** The admin who joined first, else the editor who joined first; viewers never inherit. */
function heirAmong(candidates: readonly HeirCandidateRow[]): HeirCandidateRow | undefined {
  return (
    candidates.find((candidate) => candidate.role === 'admin') ??
    candidates.find((candidate) => candidate.role === 'editor')
  );
}

/** Still open for votes: not decided, deadline not passed, not completed by the AI (policy.ts statusOf). */
function isVotingOpen(
  decision: { timer: OwnedDecision['timer']; outcome_option_id: number | null },
  isCompletedByAi: boolean,
): boolean {
  return decision.outcome_option_id === null && !isPastDeadline(decision.timer) && !isCompletedByAi;
}

export async function loadDeletionPlan(
  repo: AccountRepo,
  userId: number,
  executor?: Executor,
): Promise<DeletionPlan> {
  const [owned, memberships] = await Promise.all([
    repo.listOwnedDecisions(userId, executor),
    repo.listMemberships(userId, executor),
  ]);
  const teams = owned.filter((decision) => decision.type === 'team');
  const teamIds = teams.map((decision) => decision.id);
  const [candidates, completedByAi] = await Promise.all([
    repo.listHeirCandidates(teamIds, executor),
    repo.listCompletedByAi([...teamIds, ...memberships.map((row) => row.decision_id)], executor),
  ]);
  const plan: DeletionPlan = {
    personal: owned.filter((decision) => decision.type !== 'team'),
    transfers: [],
    orphanedTeams: [],
    openMemberships: [],
    closedMemberships: [],
  };
  for (const decision of teams) {
    const heir = heirAmong(candidates.filter((candidate) => candidate.decision_id === decision.id));
    if (!heir) plan.orphanedTeams.push(decision);
    else
      plan.transfers.push({ decision, heir, isOpen: isVotingOpen(decision, completedByAi.has(decision.id)) });
  }
  for (const membership of memberships) {
    const isOpen = isVotingOpen(membership, completedByAi.has(membership.decision_id));
    (isOpen ? plan.openMemberships : plan.closedMemberships).push(membership);
  }
  return plan;
}

/** Every decision the deletion writes, in id order: the one lock order of every writer. */
export function decisionIdsOf(plan: DeletionPlan): number[] {
  const ids = [
    ...plan.personal.map((decision) => decision.id),
    ...plan.transfers.map((transfer) => transfer.decision.id),
    ...plan.orphanedTeams.map((decision) => decision.id),
    ...plan.openMemberships.map((membership) => membership.decision_id),
  ];
  return ids.sort((a, b) => a - b);
}
