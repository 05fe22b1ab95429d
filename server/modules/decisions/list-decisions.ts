import type {
  DecisionLock,
  DecisionStatus,
  Participation,
  ResultsHiddenUntil,
} from '../../../shared/api/decisions.ts';
import { completeVotersOf, participationOf } from '../../../shared/scoring/team.ts';
import type { TeamVotesReader } from './team-votes-reader.ts';
import type { TeamRole, Timestamp } from '../../db/schema.ts';
import { isPastDeadline } from './access.ts';
import { lockOf, relationOf, resultsHiddenUntil, statusOf } from './policy.ts';
import { resultOf, type DecisionVotes } from '../../../shared/scoring/decision-data.ts';
import type { ListPageQuery, ListPosition } from './list-page-repo.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import { createRevisionCache } from './revision-cache.ts';

/** What a decision's rows say until its next write: the card's leading option, who voted, AI completion. */
interface ScoredFacts {
  leadingOption: { id: number; name: string; total: number } | null;
  /** Everyone who voted in full (`completeVotersOf`), whatever their role today. */
  completeIds: ReadonlySet<number>;
  isCompletedByAi: boolean;
  /** Option names by id: the card names the chosen option of a decided decision. */
  optionNames: ReadonlyMap<number, string>;
}

export interface ListedDecision {
  decision: DecisionRow & { member_role: TeamRole | null; member_submitted_at: Timestamp | null };
  status: DecisionStatus;
  lock: DecisionLock;
  leadingOption: ScoredFacts['leadingOption'];
  /** The option chosen in the recorded outcome; null while none is recorded. */
  outcomeOption: { id: number; name: string } | null;
  participation: Participation | null;
  /** The visibility policy for the caller; the presenter drops the leader and score unless null. */
  resultsHiddenUntil: ResultsHiddenUntil;
  /** The decision's workspace (issue 29); null for one in no workspace. */
  workspace: { id: number; name: string } | null;
}

type MatrixRows = Awaited<ReturnType<DecisionsRepo['listMatrixRowsOf']>>;

function groupByDecision<T extends { decision_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.decision_id);
    if (group) group.push(row);
    else groups.set(row.decision_id, [row]);
  }
  return groups;
}

function scoredFactsOf(
  decision: DecisionRow,
  matrix: { options: MatrixRows['options']; criteria: MatrixRows['criteria'] },
  votes: DecisionVotes,
): ScoredFacts {
  const { options, criteria } = matrix;
  // No leader while the result is incomplete (issue 25): the first top option otherwise.
  const top = resultOf(decision, options, criteria, votes).ranking.find((entry) => entry.is_top);
  const total = top?.total ?? null;
  const option = top && options.find((candidate) => candidate.id === top.option_id);
  return {
    leadingOption: option && total !== null ? { id: option.id, name: option.name, total } : null,
    completeIds: votes.type === 'team' ? completeVotersOf(decision.mode, matrix, votes.votes) : new Set(),
    isCompletedByAi: votes.type === 'team' && votes.votes.aiCells.size > 0,
    optionNames: new Map(options.map((candidate) => [candidate.id, candidate.name])),
  };
}

/** One page of the list: its cards, how many the query finds in all, and where the next page starts. */
export interface ListedPage {
  items: ListedDecision[];
  total: number;
  next: ListPosition | undefined;
}

/**
 * GET /api/decision: a page of the caller's decisions with what each card shows. Ranking facts are
 * cached per revision and loaded for the page's changed decisions in one batch; memberships are read
 * fresh (a role change or an accepted invitation does not touch the decision's revision). A fixed
 * number of queries per page, whatever the number of decisions.
 */
export function createListDecisions(decisions: DecisionsRepo, teamVotes: TeamVotesReader) {
  const scoredCache = createRevisionCache<ScoredFacts>(10_000, {
    sizeOf: (facts) => 1 + facts.completeIds.size + facts.optionNames.size,
    maxTotal: 1_000_000,
  });

  async function scoredFactsFor(rows: readonly DecisionRow[]): Promise<Map<number, ScoredFacts>> {
    const facts = new Map<number, ScoredFacts>();
    const stale: DecisionRow[] = [];
    for (const row of rows) {
      const cached = scoredCache.peek(row.id, row.revision);
      if (cached) facts.set(row.id, cached);
      else stale.push(row);
    }
    if (!stale.length) return facts;
    const staleTeams = stale.filter((row) => row.type === 'team');
    const [loaded, teams] = await Promise.all([
      decisions.listMatrixRowsOf(
        stale.map((row) => row.id),
        stale.filter((row) => row.type !== 'team').map((row) => row.id),
      ),
      teamVotes.teamVotesOfMany(staleTeams),
    ]);
    const options = groupByDecision(loaded.options);
    const criteria = groupByDecision(loaded.criteria);
    const evaluations = groupByDecision(loaded.evaluations);
    for (const row of stale) {
      const team = teams.get(row.id);
      const scored = scoredFactsOf(
        row,
        { options: options.get(row.id) ?? [], criteria: criteria.get(row.id) ?? [] },
        team
          ? { type: 'team', votes: team.votes }
          : { type: 'personal', evaluations: evaluations.get(row.id) ?? [] },
      );
      scoredCache.set(row.id, row.revision, scored);
      facts.set(row.id, scored);
    }
    return facts;
  }

  return async function listDecisions(userId: number, query: ListPageQuery): Promise<ListedPage> {
    const [{ rows, next }, total] = await Promise.all([
      decisions.listPage(userId, query),
      decisions.countVisible(userId, query),
    ]);
    const teamIds = rows.filter((row) => row.type === 'team').map((row) => row.id);
    const workspaceIds = rows.flatMap((row) => (row.workspace_id === null ? [] : [row.workspace_id]));
    // One query per page for the workspaces' names (read fresh: a rename touches no decision).
    const [scored, votingMembers, workspaceNames] = await Promise.all([
      scoredFactsFor(rows),
      teamIds.length ? decisions.listVotingMembersOf(teamIds) : Promise.resolve([]),
      decisions.workspaceNamesOf(workspaceIds),
    ]);
    const membersByDecision = groupByDecision(votingMembers);
    const now = Date.now();

    const items = rows.map((decision): ListedDecision => {
      const facts = scored.get(decision.id)!;
      const isTeam = decision.type === 'team';
      const lock = lockOf({
        type: decision.type,
        isExpired: isPastDeadline(decision.timer, now),
        isCompletedByAi: facts.isCompletedByAi,
      });
      // Once nothing can change, a decision is closed, even one never activated.
      const status = statusOf(decision, lock);
      const relation = relationOf(decision, userId, decision.member_role ?? undefined);
      // Voters: the owner, admins and editors (never viewers, never pending invitations).
      const voterIds = [
        decision.user_id,
        ...(membersByDecision.get(decision.id) ?? []).map((member) => member.user_id),
      ];
      // The outcome is read from the row (recording one need not change the revision).
      const outcomeName =
        decision.outcome_option_id === null ? undefined : facts.optionNames.get(decision.outcome_option_id);
      const workspaceName =
        decision.workspace_id === null ? undefined : workspaceNames.get(decision.workspace_id);
      return {
        decision,
        workspace: workspaceName === undefined ? null : { id: decision.workspace_id!, name: workspaceName },
        status,
        lock,
        leadingOption: facts.leadingOption,
        outcomeOption:
          outcomeName === undefined ? null : { id: decision.outcome_option_id!, name: outcomeName },
        participation: isTeam ? participationOf(voterIds, facts.completeIds) : null,
        resultsHiddenUntil: resultsHiddenUntil({
          relation,
          visibility: decision.results_visibility,
          status,
          // The owner's submission is on the decision, a member's on their membership (issue 27).
          isSubmitted:
            (relation === 'owner' ? decision.owner_submitted_at : decision.member_submitted_at) !== null,
        }),
      };
    });
    return { items, total, next };
  };
}
