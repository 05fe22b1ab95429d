import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Card } from '../../components/ui/Card.tsx';
import { RankBadge } from '../../components/ui/MatrixTable.tsx';
import { useLocale } from '../../lib/format.ts';
import { ownerEvaluations } from '../decisions/decision-form-model.ts';

/** AI mode: the options best first with their rank and score, and the AI's reasoning per criterion. */
export function AiEvaluationList({ details }: { details: DecisionDetails }) {
  const { t, format } = useLocale();
  const evaluations = ownerEvaluations(details);
  const optionNames = new Map(details.options.map((option) => [option.id, option.name]));
  const criterionNames = new Map(details.criteria.map((criterion) => [criterion.id, criterion.name]));

  if (evaluations.length === 0) {
    return (
      <Card>
        <p className="text-slate-700 dark:text-slate-300">{t('evaluate.noAiYet')}</p>
      </Card>
    );
  }
  return (
    <ol className="flex flex-col gap-4">
      {details.results.ranking.map((entry) => (
        <li key={entry.option_id}>
          <Card>
            <h2 className="flex flex-wrap items-center justify-between gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              <span className="flex items-center gap-2">
                <RankBadge rank={entry.rank} label={(rank) => t('results.rank', { rank })} />
                {optionNames.get(entry.option_id)}
              </span>
              <span className="text-base tabular-nums">
                {entry.total === null
                  ? t('results.noVotesYet')
                  : t('decision.score', { score: format.number(entry.total, 1) })}
              </span>
            </h2>
            <dl className="mt-3 flex flex-col gap-2 text-sm">
              {evaluations
                .filter((evaluation) => evaluation.option_id === entry.option_id)
                .map((evaluation) => (
                  <div key={evaluation.criterion_id}>
                    <dt className="font-medium text-slate-800 dark:text-slate-200">
                      {criterionNames.get(evaluation.criterion_id)}: {evaluation.value}
                    </dt>
                    <dd className="text-slate-700 dark:text-slate-300">
                      {evaluation.explanation ?? t('evaluate.noReasoning')}
                    </dd>
                  </div>
                ))}
            </dl>
          </Card>
        </li>
      ))}
    </ol>
  );
}
