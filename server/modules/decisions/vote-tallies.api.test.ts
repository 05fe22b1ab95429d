import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import { computeConsensus } from '../../../shared/scoring/agreement.ts';
import {
  analyseDecisionState,
  computeResult,
  decisionVotesOf,
} from '../../../shared/scoring/decision-data.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';
import {
  completeVotersOf,
  computeTeamCells,
  computeTeamWeights,
  participantsOf,
  teamVotesOf,
  type TeamVotes,
} from '../../../shared/scoring/team.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  teamApi,
} from '../../test/team-factories.ts';
import { createTeamVotesReader, type TeamVotesReader } from './team-votes-reader.ts';
import { createDecisionsRepo } from './repo.ts';

/**
 * Issue 27: a team decision's figures come from tallies the database keeps per write. After any
 * sequence of writes, through every path that changes votes (votes, weights, removed options and
 * criteria, added ones, members removed or made viewers, AI cells), the tallies equal the tallies of the
 * raw votes, and the details and the analysis equal what the raw votes give (computeResult, the
 * consensus and the analysis of today's scoring code, whose figures shared/scoring's tests pin).
 */
const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);

type Action =
  | { kind: 'vote'; voter: number; cells: { option: number; criterion: number; value: number }[] }
  | { kind: 'weights'; voter: number; weights: { criterion: number; weight: number | null }[] }
  | { kind: 'removeOption'; option: number }
  | { kind: 'removeCriterion'; criterion: number }
  | { kind: 'addOption' }
  | { kind: 'removeMember'; voter: number }
  | { kind: 'makeViewer'; voter: number }
  | { kind: 'aiCell'; option: number; criterion: number; value: number };

const VOTERS = 4; // the owner (0) and three editors
const index = fc.nat({ max: 5 });
const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('vote' as const),
      voter: fc.nat({ max: VOTERS - 1 }),
      cells: fc.array(
        fc.record({ option: index, criterion: index, value: fc.integer({ min: 0, max: 10 }) }),
        { minLength: 1, maxLength: 12 },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('weights' as const),
      voter: fc.nat({ max: VOTERS - 1 }),
      weights: fc.array(
        fc.record({
          criterion: index,
          // Decimals too: weights are not integers (a third of 100 is a real weight).
          weight: fc.option(
            fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(33.3), fc.constant(12.25)),
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeOption' as const), option: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeCriterion' as const), criterion: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addOption' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('removeMember' as const),
      voter: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('makeViewer' as const), voter: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('aiCell' as const),
      option: index,
      criterion: index,
      value: fc.integer({ min: 0, max: 10 }),
    }),
  },
);

const pick = <T>(list: readonly T[], at: number): T | undefined =>
  list.length ? list[at % list.length] : undefined;

async function apply(
  action: Action,
  setup: { owner: SignedInUser; voters: SignedInUser[]; decisionId: number },
): Promise<void> {
  const { owner, voters, decisionId } = setup;
  const details = await detailsOf(app, owner, decisionId);
  const optionIds = details.options.map((option) => option.id);
  const criterionIds = details.criteria.map((criterion) => criterion.id);
  switch (action.kind) {
    case 'vote': {
      const cells = new Map<string, { option_id: number; criterion_id: number; value: number }>();
      for (const cell of action.cells) {
        const option_id = pick(optionIds, cell.option);
        const criterion_id = pick(criterionIds, cell.criterion);
        if (option_id && criterion_id)
          cells.set(`${option_id}:${criterion_id}`, { option_id, criterion_id, value: cell.value });
      }
      if (!cells.size) return;
      // A viewer or a removed member is refused: that refusal must change no tally either.
      await team.evaluate(voters[action.voter], decisionId, [...cells.values()]);
      return;
    }
    case 'weights': {
      const weights = new Map<number, number | null>();
      for (const entry of action.weights) {
        const criterion_id = pick(criterionIds, entry.criterion);
        if (criterion_id) weights.set(criterion_id, entry.weight);
      }
      await team.weights(
        voters[action.voter],
        decisionId,
        [...weights].map(([criterion_id, weight]) => ({ criterion_id, weight })),
      );
      return;
    }
    case 'removeOption':
    case 'removeCriterion':
    case 'addOption': {
      const removedOption = action.kind === 'removeOption' ? pick(optionIds, action.option) : undefined;
      const removedCriterion =
        action.kind === 'removeCriterion' ? pick(criterionIds, action.criterion) : undefined;
      const options = details.options
        .filter((option) => option.id !== removedOption)
        .map(({ id, name }) => ({ id, name }));
      if (action.kind === 'addOption')
        options.push({ name: `Option ${Date.now()}` } as (typeof options)[number]);
      const criteria = details.criteria
        .filter((criterion) => criterion.id !== removedCriterion)
        .map(({ id, name, importance }) => ({ id, name, importance }));
      await team.teamEdit(owner, decisionId, { options, criteria });
      return;
    }
    case 'removeMember':
      await team.removeMember(owner, decisionId, voters[action.voter]!.user.id);
      return;
    case 'makeViewer':
      await team.changeRole(owner, decisionId, voters[action.voter]!.user.id, 'viewer');
      return;
    case 'aiCell': {
      const optionId = pick(optionIds, action.option);
      const criterionId = pick(criterionIds, action.criterion);
      if (!optionId || !criterionId) return;
      const taken = details.evaluations.some(
        (e) => e.generated_by === 'ai' && e.option_id === optionId && e.criterion_id === criterionId,
      );
      if (!taken) await insertAiEvaluation(app, { decisionId, optionId, criterionId, value: action.value });
    }
  }
}

/** Maps as sorted entries, so two tallies compare by content. */
function comparable(votes: TeamVotes) {
  const sorted = <V>(map: ReadonlyMap<string | number, V>) =>
    [...map].sort(([a], [b]) => String(a).localeCompare(String(b)));
  return {
    cells: sorted(votes.cells),
    aiCells: sorted(votes.aiCells),
    scoredCellsByVoter: sorted(votes.scoredCellsByVoter),
    weights: [...votes.weights].sort((a, b) => a.criterion_id - b.criterion_id || a.user_id - b.user_id),
  };
}

async function rawRowsOf(decisionId: number) {
  const { db } = app.database;
  const [decision, options, criteria, evaluations, weights] = await Promise.all([
    db.selectFrom('decisions').selectAll().where('id', '=', decisionId).executeTakeFirstOrThrow(),
    db
      .selectFrom('options')
      .selectAll()
      .where('decision_id', '=', decisionId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('criteria')
      .selectAll()
      .where('decision_id', '=', decisionId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('evaluations').selectAll().where('decision_id', '=', decisionId).orderBy('id').execute(),
    db
      .selectFrom('weights')
      .select(['criterion_id', 'user_id', 'weight'])
      .where('decision_id', '=', decisionId)
      .execute(),
  ]);
  return { decision, options, criteria, evaluations, weights };
}

async function expectFiguresOfRawVotes(decisionId: number, owner: SignedInUser, reader: TeamVotesReader) {
  const raw = await rawRowsOf(decisionId);
  const matrix = { options: raw.options, criteria: raw.criteria };
  const rawVotes = teamVotesOf(raw.evaluations, raw.weights, matrix);

  // The tallies the database kept equal the tallies of the raw votes.
  const kept = await reader.teamVotesOf(raw.decision);
  expect(comparable(kept.votes)).toEqual(comparable(rawVotes));

  // What the details and the analysis show equals what the raw votes give.
  const details: DecisionDetails = await detailsOf(app, owner, decisionId);
  const result = computeResult(raw.decision, raw.options, raw.criteria, raw.evaluations, raw.weights);
  expect(details.results.ranking).toEqual(result.ranking);
  expect(details.results.no_result_reason).toBe(result.no_result_reason);
  expect(details.results.missing_cells).toBe(result.missing_cells);
  expect(details.consensus).toEqual(
    computeConsensus({ mode: raw.decision.mode, scale: scaleOfDecision('team'), ...matrix, votes: rawVotes }),
  );
  const teamWeights = computeTeamWeights(
    raw.criteria,
    raw.weights,
    participantsOf(raw.decision.mode, rawVotes),
  );
  expect(details.teamResults?.weights).toEqual(
    [...teamWeights].map(([criterion_id, weight]) => ({ criterion_id, weight })),
  );
  expect(
    [...(details.teamResults?.cells ?? [])].sort(
      (a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id,
    ),
  ).toEqual(
    [...computeTeamCells(rawVotes, raw.decision.mode)]
      .map(([key, cell]) => {
        const [option_id, criterion_id] = key.split(':').map(Number) as [number, number];
        return { option_id, criterion_id, value: roundTo(cell.mean, 2), votes: cell.votes };
      })
      .sort((a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id),
  );
  const complete = completeVotersOf(raw.decision.mode, matrix, rawVotes);
  for (const member of details.teamMembers.filter((m) => m.user_id !== null && m.role !== 'viewer'))
    expect(member.complete, `member ${member.user_id} complete`).toBe(complete.has(member.user_id!));
  const analysis = await app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/analysis`,
    headers: owner.headers,
  });
  expect(analysis.json()).toEqual(
    JSON.parse(
      JSON.stringify(
        analyseDecisionState(
          raw.decision,
          raw.options,
          raw.criteria,
          decisionVotesOf(raw.decision, matrix, raw.evaluations, raw.weights),
        ),
      ),
    ),
  );
}

describe('team vote tallies (issue 27)', () => {
  it('property: after any writes the tallies, details and analysis equal what the raw votes give', async () => {
    const reader = createTeamVotesReader(
      createDecisionsRepo(app.database.db, { detachCellComments: async () => {} }),
    );
    // The same people in every run (signing up is the slow part); a new decision each time.
    const owner = await createSignedInUser(app);
    const members = await Promise.all(Array.from({ length: VOTERS - 1 }, () => createSignedInUser(app)));
    await fc.assert(
      fc.asyncProperty(fc.array(actionArbitrary, { minLength: 1, maxLength: 12 }), async (actions) => {
        const { decision } = await createTeamDecision(app, owner, {
          options: ['A', 'B', 'C'],
          criteria: [
            { name: 'Cost', importance: 50 },
            { name: 'Speed', importance: 30 },
            { name: 'Fun', importance: 0 },
          ],
        });
        const voters = [owner];
        for (const member of members) voters.push(await addMember(app, owner, decision.id, 'editor', member));
        for (const action of actions) await apply(action, { owner, voters, decisionId: decision.id });
        await expectFiguresOfRawVotes(decision.id, owner, reader);
      }),
      { numRuns: 12 },
    );
  }, 90_000);

  it('a decision deleted with its votes leaves no tallies behind', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    await team.evaluate(owner, decision.id, [
      { option_id: optionIds[0], criterion_id: criterionIds[0], value: 7 },
    ]);
    const tallies = () =>
      Promise.all([
        app.database.db
          .selectFrom('cell_vote_tallies')
          .select('option_id')
          .where('decision_id', '=', decision.id)
          .execute(),
        app.database.db
          .selectFrom('voter_vote_tallies')
          .select('user_id')
          .where('decision_id', '=', decision.id)
          .execute(),
      ]);
    expect((await tallies()).map((rows) => rows.length)).toEqual([1, 1]);
    await app.database.db.deleteFrom('decisions').where('id', '=', decision.id).execute();
    expect((await tallies()).map((rows) => rows.length)).toEqual([0, 0]);
  });
});
