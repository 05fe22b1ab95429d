import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { weighsNothing } from '../../../shared/robustness-sentence.ts';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useRememberedOpen } from '../../lib/remembered-open.ts';
import { useAnalysisQuery, useSaveImportances, useSaveOwnWeights } from './analysis-api.ts';
import {
  analysisDataOf,
  hasChangedWeights,
  hasResultToAnalyse,
  importancesUpdateOf,
  knockoutsByOption,
  liveRankingOf,
  ownWeightsRequestOf,
  savedWeightsOf,
  sharesToSave,
  whatIfAnalysisOf,
} from './analysis-model.ts';
import { KnockedOutList, measuredMustHavesOf } from './KnockedOut.tsx';
import { RobustnessSummary } from './RobustnessSummary.tsx';
import { useWhatIfWeights } from './useWhatIfWeights.ts';
import { WhatIfWeights, type WeightsSaveKind } from './WhatIfWeights.tsx';
import { WinProbability } from './WinProbability.tsx';

// The chart loads with the panel, not with the page: most of its weight is only needed once shown.
const SweepChart = lazy(() => import('./SweepChart.tsx'));

/**
 * "How solid is this result?" on the details page and the team view (issue 17): robustness, the nearest
 * flip, win probability, must-haves, a sweep chart and what-if weights. Nothing while the decision has
 * no result to test or team results are hidden from the reader.
 */
export function AnalysisSection({ details }: { details: DecisionDetails }) {
  return hasResultToAnalyse(details) ? <AnalysisPanel details={details} /> : null;
}

function AnalysisPanel({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const decisionId = details.decision.id;
  const isTeam = details.decision.type === 'team';
  const serverAnalysis = useAnalysisQuery(decisionId);
  const data = useMemo(() => analysisDataOf(details), [details]);
  const saved = useMemo(() => savedWeightsOf(data), [data]);
  const whatIf = useWhatIfWeights(saved);
  // 2,000 variations per slider step: the sliders answer at once, the figures follow.
  const weights = useDeferredValue(whatIf.weights);
  const isShowingWhatIf = hasChangedWeights(saved, weights);
  const liveAnalysis = useMemo(
    () => (isShowingWhatIf ? whatIfAnalysisOf(data, weights) : null),
    [isShowingWhatIf, data, weights],
  );
  const liveRanking = useMemo(
    () => (isShowingWhatIf ? liveRankingOf(data, weights) : null),
    [isShowingWhatIf, data, weights],
  );
  const saveImportances = useSaveImportances(decisionId);
  const saveOwnWeights = useSaveOwnWeights(decisionId);

  const response = serverAnalysis.data;
  if (response && 'hidden' in response) return null;
  // Unchanged weights show the server's figures: seeded by the revision, on unrounded team values.
  const analysis = liveAnalysis ?? response ?? null;
  const optionNames = new Map(data.options.map((option) => [option.id, option.name]));
  const criterionNames = new Map(data.criteria.map((criterion) => [criterion.id, criterion.name]));
  const knockedOut = knockoutsByOption(analysis?.knocked_out ?? []);
  const saveKind: WeightsSaveKind | null = isTeam
    ? details.abilities.canWeight
      ? 'ownWeights'
      : null
    : details.abilities.canEdit
      ? 'importances'
      : null;

  async function saveTheseWeights() {
    const shares = sharesToSave(data, whatIf.weights);
    try {
      if (saveKind === 'importances') await saveImportances.mutateAsync(importancesUpdateOf(details, shares));
      else await saveOwnWeights.mutateAsync(ownWeightsRequestOf(shares));
    } catch (error) {
      const message = serverMessageOf(error) ?? t('analysis.whatIf.saveFailedFallback');
      notify('error', t('analysis.whatIf.saveFailed', { message }));
      return;
    }
    notify('success', t(`analysis.whatIf.saved.${saveKind}`));
    whatIf.reset();
  }

  return (
    // Card and section by hand rather than SectionCard: a kit module new to these two pages becomes a
    // chunk of its own, and every chunk adds to the landing page's route preload map (docs/ARCHITECTURE.md).
    <Card>
      <section aria-labelledby="analysis-heading" className="flex flex-col gap-4">
        <header>
          <h2 id="analysis-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('analysis.title')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('analysis.lead')}</p>
        </header>
        {analysis ? (
          <div className="flex flex-col gap-8">
            <RobustnessSummary
              analysis={analysis}
              optionNames={optionNames}
              criterionNames={criterionNames}
            />
            <KnockedOutList
              knockedOut={knockedOut}
              optionNames={optionNames}
              criterionNames={criterionNames}
              measured={measuredMustHavesOf(details.criteria)}
            />
            <ExploreTheResult>
              <WhatIfWeights
                data={data}
                weights={whatIf.weights}
                isChanged={whatIf.isChanged}
                onWeightChange={whatIf.setWeight}
                onReset={whatIf.reset}
                saveKind={saveKind}
                onSave={() => void saveTheseWeights()}
                isSaving={saveImportances.isPending || saveOwnWeights.isPending}
                ranking={liveRanking ?? details.results.ranking}
                knockedOut={knockedOut}
                totalDecimals={isTeam ? 2 : 1}
              />
              {weighsNothing(analysis) ? null : (
                <WinProbability stability={analysis.stability} optionNames={optionNames} />
              )}
              <Suspense fallback={<div className="min-h-72" aria-hidden />}>
                <SweepChart
                  data={data}
                  weights={weights}
                  analysis={analysis}
                  initialCriterionId={analysis.robustness.nearest?.criterion_id ?? data.criteria[0]!.id}
                />
              </Suspense>
              <HowItWorks samples={analysis.stability.samples} />
            </ExploreTheResult>
          </div>
        ) : serverAnalysis.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('analysis.loadFailed')}
          </p>
        ) : (
          <LoadingNotice text={t('analysis.loading')} />
        )}
      </section>
    </Card>
  );
}

/**
 * What-if weights, win probability and the sweep chart (issue 25): one click away, closed at first and
 * then as the user left it. Its content renders only while open, so a closed page loads no chart.
 */
function ExploreTheResult({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useRememberedOpen('explore-result');
  return (
    <details
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      className="rounded-xl border border-slate-200 dark:border-slate-700"
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 font-medium text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/60">
        {t('analysis.explore.title')}
        <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
          {t('analysis.explore.hint')}
        </span>
      </summary>
      {isOpen ? <div className="flex flex-col gap-8 px-4 pt-2 pb-4">{children}</div> : null}
    </details>
  );
}

/** The method in a few lines, folded away until asked for. */
function HowItWorks({ samples }: { samples: number }) {
  const { t, format } = useLocale();
  return (
    <details className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      <summary className="cursor-pointer font-medium text-slate-900 dark:text-white">
        {t('analysis.how.title')}
      </summary>
      <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5">
        <li>{t('analysis.how.flip')}</li>
        <li>{t('analysis.how.robustness')}</li>
        <li>{t('analysis.how.win', { samples: format.number(samples, 0) })}</li>
        <li>{t('analysis.how.mustHave')}</li>
        <li>{t('analysis.how.whatIf')}</li>
      </ul>
    </details>
  );
}
