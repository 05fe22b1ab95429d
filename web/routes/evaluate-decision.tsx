import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DecisionDetails } from '../../shared/api/decisions.ts';
import { LIMITS } from '../../shared/limits.ts';
import { computePersonalTotals, rankOptions } from '../../shared/scoring/personal.ts';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { digitsOnly, GridCellInput } from '../components/ui/GridCellInput.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { StatusLine } from '../components/ui/StatusLine.tsx';
import { TextLink } from '../components/ui/TextLink.tsx';
import { serverMessageOf } from '../lib/api-client.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { useFormatters } from '../lib/format.ts';
import { notify } from '../lib/notify.ts';
import { ownerEvaluations, parseCell } from '../features/decisions/decision-form-model.ts';
import {
  decisionKeys,
  parseDecisionId,
  saveEvaluations,
  useDecisionDetailsQuery,
} from '../features/decisions/decisions-api.ts';
import { useDecisionLoadError } from '../features/decisions/useDecisionLoadError.ts';

const SCALE = LIMITS.scales.evaluate;
const cellKey = (optionId: number, criterionId: number) => `${optionId}:${criterionId}`;

/** The older evaluation screen: a 0–10 grid with "Save Evaluations"; in AI mode the AI's reasons. */
export default function EvaluateDecisionPage() {
  const { t } = useTranslation();
  const decisionId = parseDecisionId(useParams().id);
  const details = useDecisionDetailsQuery(decisionId);
  const loadError = useDecisionLoadError(decisionId, details.error, 'details.loadFailed');

  let content;
  if (loadError) content = <ErrorNotice message={loadError} />;
  else if (!details.data) content = <LoadingNotice text={t('details.loading')} />;
  else if (details.data.decision.mode === 'ai') content = <AiEvaluationList details={details.data} />;
  else if (!details.data.abilities.canVote) content = <ErrorNotice message={t('evaluate.notAllowed')} />;
  else content = <EvaluationGridForm details={details.data} />;

  return (
    <>
      <PageHeader title={t('pages.evaluateDecision')} lead={details.data?.decision.name} />
      {content}
      {details.data ? (
        <p className="mt-6">
          <TextLink to={`/decision/${decisionId}`}>{t('evaluate.backToDecision')}</TextLink>
        </p>
      ) : null}
    </>
  );
}

function EvaluationGridForm({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id);
  const { options, criteria } = details;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      details.evaluations
        .filter((evaluation) => evaluation.user_id === userId)
        .map((evaluation) => [
          cellKey(evaluation.option_id, evaluation.criterion_id),
          String(evaluation.value),
        ]),
    ),
  );
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const invalidKeys = new Set(
    Object.entries(values)
      .filter(([, raw]) => raw !== '' && parseCell(raw, SCALE) === null)
      .map(([key]) => key),
  );
  const cells = options.flatMap((option) =>
    criteria.flatMap((criterion) => {
      const value = parseCell(values[cellKey(option.id, criterion.id)], SCALE);
      return value === null ? [] : [{ option_id: option.id, criterion_id: criterion.id, value }];
    }),
  );
  const ranking = rankOptions(computePersonalTotals(options, criteria, cells));
  const rankByOption = new Map(ranking.map((entry) => [entry.option_id, entry]));
  const hasScores = ranking.some((entry) => entry.total > 0);

  const save = useMutation({
    mutationFn: () =>
      saveEvaluations(details.decision.id, {
        evaluations: cells.map((cell) => ({ ...cell, explanation: null })),
      }),
    onSuccess: async () => {
      setResult({ tone: 'success', message: t('evaluate.saved') });
      notify('success', t('evaluate.saved'));
      await queryClient.invalidateQueries({ queryKey: decisionKeys.all });
    },
    onError: (error) => {
      const message = [t('evaluate.saveFailed'), serverMessageOf(error)].filter(Boolean).join(' ');
      setResult({ tone: 'error', message });
      notify('error', message);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalidKeys.size > 0) {
      setResult({ tone: 'error', message: t('decisionForm.gridInvalid', SCALE) });
      return;
    }
    setResult(null);
    save.mutate();
  }

  if (!options.length || !criteria.length) {
    return <p className="text-slate-700 dark:text-slate-300">{t('details.emptyMatrix')}</p>;
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('evaluate.hint', SCALE)}</p>
        <div className="relative -mx-6 overflow-x-auto px-6">
          <table data-grid className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{t('evaluate.caption', SCALE)}</caption>
            <thead>
              <tr>
                <th
                  scope="col"
                  className="border-b border-slate-200 py-2 pr-3 text-left font-medium text-slate-600 dark:border-slate-700 dark:text-slate-400"
                >
                  {t('matrix.option')}
                </th>
                {criteria.map((criterion) => (
                  <th
                    key={criterion.id}
                    scope="col"
                    className="border-b border-slate-200 px-2 py-2 text-center font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
                  >
                    <span className="block">{criterion.name}</span>
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                      {t('matrix.weight', { weight: format.plain(criterion.importance) })}
                    </span>
                  </th>
                ))}
                <th
                  scope="col"
                  className="border-b border-slate-200 py-2 pl-3 text-right font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
                >
                  {t('matrix.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {options.map((option, row) => {
                const entry = rankByOption.get(option.id);
                const isTop = hasScores && entry?.is_top === true;
                return (
                  <tr key={option.id} className={isTop ? 'bg-emerald-50 dark:bg-emerald-950/40' : ''}>
                    <th
                      scope="row"
                      className="border-b border-slate-100 py-2 pr-3 text-left font-medium text-slate-900 dark:border-slate-800 dark:text-white"
                    >
                      {option.name}
                    </th>
                    {criteria.map((criterion, column) => {
                      const key = cellKey(option.id, criterion.id);
                      return (
                        <td
                          key={criterion.id}
                          className="border-b border-slate-100 px-2 py-2 text-center dark:border-slate-800"
                        >
                          <GridCellInput
                            row={row}
                            column={column}
                            isInvalid={invalidKeys.has(key)}
                            aria-label={t('decisionForm.cellLabel', {
                              option: option.name,
                              criterion: criterion.name,
                              ...SCALE,
                            })}
                            value={values[key] ?? ''}
                            onChange={(event) => {
                              const raw = digitsOnly(event.target.value);
                              setValues((current) => ({ ...current, [key]: raw }));
                            }}
                          />
                        </td>
                      );
                    })}
                    <td className="border-b border-slate-100 py-2 pl-3 text-right font-semibold text-slate-900 tabular-nums dark:border-slate-800 dark:text-white">
                      <span className="inline-flex items-center gap-1.5">
                        {isTop ? (
                          <>
                            <Trophy aria-hidden size={16} className="text-amber-600 dark:text-amber-400" />
                            <span className="sr-only">{t('matrix.topOption')}</span>
                          </>
                        ) : null}
                        {format.number(entry?.total ?? 0, 1)}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden size={16} />
            {t('evaluate.save')}
          </Button>
        </div>
        <StatusLine tone={result?.tone ?? 'info'} message={result?.message ?? null} />
      </form>
    </Card>
  );
}

/** AI mode: per option its score and the AI's reasoning per criterion. */
function AiEvaluationList({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const evaluations = ownerEvaluations(details);
  const totals = new Map(details.results.ranking.map((entry) => [entry.option_id, entry.total]));
  const criterionNames = new Map(details.criteria.map((criterion) => [criterion.id, criterion.name]));

  if (evaluations.length === 0) {
    return (
      <Card>
        <p className="text-slate-700 dark:text-slate-300">{t('evaluate.noAiYet')}</p>
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {details.options.map((option) => (
        <li key={option.id}>
          <Card>
            <h2 className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              {option.name}
              <span className="text-base tabular-nums">
                {t('decision.score', { score: format.number(totals.get(option.id) ?? 0, 1) })}
              </span>
            </h2>
            <dl className="mt-3 flex flex-col gap-2 text-sm">
              {evaluations
                .filter((evaluation) => evaluation.option_id === option.id)
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
    </ul>
  );
}
