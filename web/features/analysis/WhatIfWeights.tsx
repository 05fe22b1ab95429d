import { RotateCcw, Save, Trophy } from 'lucide-react';
import type { KnockedOut } from '../../../shared/scoring/analysis.ts';
import type { RankedOption } from '../../../shared/scoring/personal.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { Button } from '../../components/ui/Button.tsx';
import { RankBadge } from '../../components/ui/MatrixTable.tsx';
import { Slider } from '../../components/ui/Slider.tsx';
import { useLocale } from '../../lib/format.ts';
import type { AnalysisData, Weights } from './analysis-model.ts';
import { KnockedOutBadge, useKnockoutReasons } from './KnockedOut.tsx';
import { AnalysisPart } from './AnalysisPart.tsx';

/** Who may keep the what-if weights: the owner as importances, a team voter as their own weights. */
export type WeightsSaveKind = 'importances' | 'ownWeights';

interface WhatIfWeightsProps {
  data: AnalysisData;
  weights: Weights;
  isChanged: boolean;
  onWeightChange: (criterionId: number, weight: number) => void;
  onReset: () => void;
  /** null: the reader may try weights but not keep them. */
  saveKind: WeightsSaveKind | null;
  onSave: () => void;
  isSaving: boolean;
  /** The ranking under these weights (the saved one while nothing was moved). */
  ranking: readonly RankedOption[];
  knockedOut: ReadonlyMap<number, KnockedOut[]>;
  /** Totals as the page shows them: 1 decimal on personal decisions, 2 on team results. */
  totalDecimals: number;
}

/**
 * The what-if sliders: a weight per criterion with the share it counts, the ranking they give, and,
 * once a slider moved, a notice that none of it is saved, with Reset and (for those who may) "Use these
 * weights".
 */
export function WhatIfWeights({
  data,
  weights,
  isChanged,
  onWeightChange,
  onReset,
  saveKind,
  onSave,
  isSaving,
  ranking,
  knockedOut,
  totalDecimals,
}: WhatIfWeightsProps) {
  const { t, format } = useLocale();
  const shares = roundedSharesOf(weights);
  const optionNames = new Map(data.options.map((option) => [option.id, option.name]));
  const reasonsOf = useKnockoutReasons(
    new Map(data.criteria.map((criterion) => [criterion.id, criterion.name])),
    new Map(
      data.criteria.flatMap((criterion) =>
        criterion.direction
          ? [[criterion.id, { unit: criterion.unit ?? null, direction: criterion.direction }] as const]
          : [],
      ),
    ),
  );

  return (
    <AnalysisPart
      headingId="what-if-heading"
      title={t('analysis.whatIf.title')}
      lead={t('analysis.whatIf.lead')}
      gap="gap-4"
    >
      <div
        className={
          isChanged
            ? 'flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40'
            : ''
        }
      >
        {/* Always present, so the notice is announced the moment a slider first moves. */}
        <p role="status" className="text-sm text-amber-950 dark:text-amber-100">
          {isChanged ? (
            <>
              <strong className="font-semibold">{t('analysis.whatIf.notSaved')}</strong>{' '}
              {t('analysis.whatIf.notSavedHint')}
            </>
          ) : null}
        </p>
        {isChanged ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={onReset}>
              <RotateCcw aria-hidden size={14} />
              {t('analysis.whatIf.reset')}
            </Button>
            {saveKind ? (
              <>
                <Button size="sm" onClick={onSave} disabled={isSaving} aria-describedby="what-if-save-hint">
                  <Save aria-hidden size={14} />
                  {t('analysis.whatIf.use')}
                </Button>
                <span id="what-if-save-hint" className="text-xs text-amber-950 dark:text-amber-100">
                  {t(`analysis.whatIf.useHint.${saveKind}`)}
                </span>
              </>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          {data.criteria.map((criterion) => {
            const weight = weights.get(criterion.id) ?? criterion.weight;
            return (
              <Slider
                key={criterion.id}
                label={criterion.name}
                value={weight}
                onChange={(value) => onWeightChange(criterion.id, value)}
                output={t('analysis.whatIf.weightShare', {
                  weight: format.plain(weight),
                  share: shares.get(criterion.id) ?? 0,
                })}
              />
            );
          })}
        </div>

        <div className="flex flex-col gap-2">
          <h4 id="what-if-ranking-heading" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('analysis.whatIf.ranking')}
          </h4>
          <ol
            aria-labelledby="what-if-ranking-heading"
            className="flex flex-col gap-1.5"
            data-testid="what-if-ranking"
          >
            {ranking.map((entry) => (
              <li
                key={entry.option_id}
                data-option={optionNames.get(entry.option_id)}
                data-top={entry.is_top || undefined}
                data-knocked-out={entry.knocked_out || undefined}
                className={`flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${
                  entry.is_top
                    ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100'
                    : entry.knocked_out
                      ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                      : 'text-slate-800 dark:text-slate-200'
                }`}
              >
                <RankBadge rank={entry.rank} label={(rank) => t('results.rank', { rank })} />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words">{optionNames.get(entry.option_id)}</span>
                    {entry.is_top ? (
                      <span className="inline-flex items-center gap-1 text-xs font-semibold">
                        <Trophy aria-hidden size={14} className="text-amber-600 dark:text-amber-400" />
                        {t('analysis.whatIf.leads')}
                      </span>
                    ) : null}
                  </span>
                  {entry.knocked_out ? (
                    <KnockedOutBadge reasons={reasonsOf(knockedOut.get(entry.option_id) ?? [])} />
                  ) : null}
                </span>
                <span className="font-semibold tabular-nums">
                  {entry.total === null ? t('results.noVotesYet') : format.number(entry.total, totalDecimals)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </AnalysisPart>
  );
}
