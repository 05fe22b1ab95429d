import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { noResultMessageOf } from '../../../shared/no-result.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { cellKey } from '../../lib/matrix-model.ts';

export type TeamCell = NonNullable<DecisionDetails['teamResults']>['cells'][number];
type RankingEntry = DecisionDetails['results']['ranking'][number];

/** What the team ranking shows, read from the details once per render. */
export interface TeamResultsView {
  /** The team value of each cell by `cellKey(option, criterion)`. */
  cells: Map<string, TeamCell>;
  /** The team weight and its share (whole percents adding up to 100) per criterion id. */
  weights: Map<number, number>;
  shares: Map<number, number>;
  /** In AI mode, the AI's reason per cell; empty otherwise. */
  aiReasons: Map<string, string>;
  ranking: Map<number, RankingEntry>;
  /** Why the result does not count yet (issue 25); null once it does. */
  noResult: ReturnType<typeof noResultMessageOf>;
  /** Options with at least one vote: without any weight they still have no total. */
  votedOptions: Set<number>;
  /** The rows in the server's order: best first (ties in input order), options without votes last. */
  rows: { key: number; label: string }[];
}

type ResultDetails = Pick<
  DecisionDetails,
  'options' | 'criteria' | 'results' | 'teamResults' | 'evaluations'
> & {
  decision: Pick<DecisionDetails['decision'], 'mode' | 'type'>;
};

export function teamResultsViewOf(details: ResultDetails): TeamResultsView {
  const cells = new Map(
    (details.teamResults?.cells ?? []).map((cell) => [cellKey(cell.option_id, cell.criterion_id), cell]),
  );
  const weights = new Map(
    (details.teamResults?.weights ?? []).map((weight) => [weight.criterion_id, weight.weight]),
  );
  const shares = roundedSharesOf(
    new Map(details.criteria.map((criterion) => [criterion.id, weights.get(criterion.id) ?? 0])),
  );
  const aiReasons = new Map(
    details.decision.mode === 'ai'
      ? details.evaluations.flatMap((evaluation) =>
          evaluation.generated_by === 'ai' && evaluation.explanation
            ? [[cellKey(evaluation.option_id, evaluation.criterion_id), evaluation.explanation] as const]
            : [],
        )
      : [],
  );
  const optionNames = new Map(details.options.map((option) => [option.id, option.name]));
  return {
    cells,
    weights,
    shares,
    aiReasons,
    ranking: new Map(details.results.ranking.map((entry) => [entry.option_id, entry])),
    noResult: noResultMessageOf(details),
    votedOptions: new Set([...cells.values()].filter((cell) => cell.votes > 0).map((cell) => cell.option_id)),
    rows: details.results.ranking.flatMap((entry) => {
      const name = optionNames.get(entry.option_id);
      return name === undefined ? [] : [{ key: entry.option_id, label: name }];
    }),
  };
}

/** The server names a leader (is_top) only once the result counts (issue 25). */
export function isTopOption(view: TeamResultsView, optionId: number): boolean {
  return view.noResult === null && view.ranking.get(optionId)?.is_top === true;
}
