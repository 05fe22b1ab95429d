import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createDecisionRowsRepo } from './decision-rows-repo.ts';
import { createEvaluationsRepo } from './evaluations-repo.ts';
import { createMeasuredRepo } from './measured-repo.ts';
import { createListPageRepo } from './list-page-repo.ts';
import { createMatrixRepo, type DetachCellComments } from './matrix-repo.ts';
import { createSnapshotsRepo } from './snapshots-repo.ts';
import { createTeamReadsRepo } from './team-reads-repo.ts';
import { createVoteTalliesRepo } from './vote-tallies-repo.ts';
import { createWeightsRepo } from './weights-repo.ts';
import { createWorkspaceReadsRepo } from './workspace-reads-repo.ts';

export type { DecisionRow } from './decision-rows-repo.ts';
export type { EvaluationRow } from './evaluations-repo.ts';
export type { CriterionRow, OptionRow } from './matrix-repo.ts';

/**
 * The decisions module's repo, one part per table group; the module's use cases take it whole.
 * `detachCellComments` comes from the comments module, which owns the `comments` table.
 */
export function createDecisionsRepo(db: Kysely<Database>, deps: { detachCellComments: DetachCellComments }) {
  return {
    ...createDecisionRowsRepo(db),
    ...createMatrixRepo(db, deps.detachCellComments),
    ...createEvaluationsRepo(db),
    ...createMeasuredRepo(),
    ...createListPageRepo(db),
    ...createWeightsRepo(db),
    ...createTeamReadsRepo(db),
    ...createVoteTalliesRepo(db),
    ...createSnapshotsRepo(db),
    ...createWorkspaceReadsRepo(db),
  };
}

export type DecisionsRepo = ReturnType<typeof createDecisionsRepo>;
