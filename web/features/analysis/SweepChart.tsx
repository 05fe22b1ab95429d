import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionAnalysis } from '../../../shared/api/analysis.ts';
import { sweepLinesOf, totalOnLine, type SweepLine } from '../../../shared/scoring/analysis.ts';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { useFormatters } from '../../lib/format.ts';
import type { AnalysisData, Weights } from './analysis-model.ts';
import { usePercentText } from './usePercentText.ts';

/** One look per option, told apart by colour and by dash pattern (the legend repeats both). */
const LINE_LOOKS = [
  { stroke: 'stroke-indigo-600 dark:stroke-indigo-400', dash: undefined },
  { stroke: 'stroke-amber-600 dark:stroke-amber-400', dash: '8 4' },
  { stroke: 'stroke-emerald-600 dark:stroke-emerald-400', dash: '2 4' },
  { stroke: 'stroke-rose-600 dark:stroke-rose-400', dash: '12 4 2 4' },
  { stroke: 'stroke-sky-600 dark:stroke-sky-400', dash: '4 2' },
  { stroke: 'stroke-violet-600 dark:stroke-violet-400', dash: '10 6' },
  { stroke: 'stroke-lime-700 dark:stroke-lime-400', dash: '1 3' },
  { stroke: 'stroke-fuchsia-600 dark:stroke-fuchsia-400', dash: '6 3 1 3' },
] as const;

/**
 * The drawing is as wide as its box (between these bounds), so one unit is one pixel and the labels
 * keep their 12 px on a phone instead of shrinking with a fixed-width drawing.
 */
const WIDEST = 640;
const NARROWEST = 260;
const HEIGHT = 280;
// The right margin holds half of the "100 %" label under the last tick.
const MARGIN = { top: 24, right: 22, bottom: 44, left: 40 };
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
const SHARE_TICKS = [0, 25, 50, 75, 100];

interface SweepChartProps {
  data: AnalysisData;
  weights: Weights;
  analysis: DecisionAnalysis;
  /** The criterion shown first (the one of the nearest flip). */
  initialCriterionId: number;
}

/** Whole numbers around the totals (at least one unit apart) and the ticks between them. */
function totalAxisOf(lines: readonly SweepLine[]) {
  const ends = lines.flatMap((line) => [line.atZero, line.atHundred]);
  const low = Math.floor(Math.min(...ends));
  const high = Math.max(Math.ceil(Math.max(...ends)), low + 1);
  const step = high - low > 5 ? 2 : 1;
  const ticks: number[] = [];
  for (let tick = low; tick <= high; tick += step) ticks.push(tick);
  return { low, high, ticks };
}

/**
 * How each option's total moves as one criterion's share goes from 0 to 100 % (the others keep their
 * proportions): a straight line per option, the current share as a vertical line, the flip points as
 * rings. Options a must-have knocked out take no part, as in the analysis. The same facts are text
 * below the chart (the flips) and for screen readers (each line's ends).
 */
export default function SweepChart({ data, weights, analysis, initialCriterionId }: SweepChartProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const percent = usePercentText();
  const id = useId();
  const [pickedId, setPickedId] = useState(initialCriterionId);
  const [width, setWidth] = useState(WIDEST);
  // A callback ref: the chart may first render without its drawing (no lines yet).
  const chartRef = useCallback((chart: SVGSVGElement | null) => {
    if (!chart || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const boxWidth = Math.round(entry?.contentRect.width ?? 0);
      if (boxWidth > 0) setWidth(Math.min(WIDEST, Math.max(NARROWEST, boxWidth)));
    });
    observer.observe(chart);
    return () => observer.disconnect();
  }, []);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const criterion = data.criteria.find((entry) => entry.id === pickedId) ?? data.criteria[0];
  if (!criterion) return null;

  const excluded = new Set([...data.unscored, ...analysis.knocked_out.map((entry) => entry.option_id)]);
  const lookOf = new Map(
    data.options.map((option, index) => [option.id, LINE_LOOKS[index % LINE_LOOKS.length]!]),
  );
  const candidates = data.options.filter((option) => !excluded.has(option.id));
  const criteria = data.criteria.map((entry) => ({
    ...entry,
    weight: weights.get(entry.id) ?? entry.weight,
  }));
  const weightSum = criteria.reduce((sum, entry) => sum + entry.weight, 0);
  const share = weightSum > 0 ? (100 * (weights.get(criterion.id) ?? criterion.weight)) / weightSum : 0;
  const lines = sweepLinesOf(candidates, criteria, data.values, criterion.id);
  if (lines.length === 0) return null;
  const axis = totalAxisOf(lines);
  const x = (atShare: number) => MARGIN.left + (atShare / 100) * plotWidth;
  const y = (total: number) => MARGIN.top + ((axis.high - total) / (axis.high - axis.low)) * PLOT_HEIGHT;
  const nameOf = (optionId: number) => data.options.find((option) => option.id === optionId)?.name ?? '';
  const sensitivity = analysis.sensitivity.find((entry) => entry.criterion_id === criterion.id);
  const flips = [
    sensitivity?.down ? { ...sensitivity.down, direction: 'down' as const } : null,
    sensitivity?.up ? { ...sensitivity.up, direction: 'up' as const } : null,
  ].filter((flip) => flip !== null);
  const lineOf = (optionId: number) => lines.find((line) => line.option_id === optionId);
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-end justify-between gap-x-6">
        <div>
          <h3 id={`${id}-heading`} className="font-semibold text-slate-900 dark:text-white">
            {t('analysis.sweep.title')}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('analysis.sweep.lead')}</p>
        </div>
        <div className="w-56 max-w-full">
          <SelectField
            label={t('analysis.sweep.criterion')}
            value={String(criterion.id)}
            onChange={(event) => setPickedId(Number(event.target.value))}
          >
            {data.criteria.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </SelectField>
        </div>
      </header>

      <svg
        ref={chartRef}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="h-auto w-full max-w-3xl text-xs"
      >
        <title id={titleId}>{t('analysis.sweep.label', { criterion: criterion.name })}</title>
        {axis.ticks.map((tick) => (
          <g key={`total-${tick}`}>
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200 dark:stroke-slate-700"
            />
            <text
              x={MARGIN.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-600 dark:fill-slate-400"
            >
              {format.plain(tick)}
            </text>
          </g>
        ))}
        {SHARE_TICKS.map((tick) => (
          <text
            key={`share-${tick}`}
            x={x(tick)}
            y={HEIGHT - MARGIN.bottom + 16}
            textAnchor="middle"
            className="fill-slate-600 dark:fill-slate-400"
          >
            {t('analysis.sweep.tick', { share: tick })}
          </text>
        ))}
        <text
          x={MARGIN.left + plotWidth / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
          className="fill-slate-700 dark:fill-slate-300"
        >
          {t('analysis.sweep.axis', { criterion: criterion.name })}
        </text>

        <line
          x1={x(share)}
          x2={x(share)}
          y1={MARGIN.top}
          y2={HEIGHT - MARGIN.bottom}
          strokeDasharray="4 4"
          className="stroke-slate-500 dark:stroke-slate-400"
        />
        <text
          x={x(share)}
          y={MARGIN.top - 8}
          textAnchor={share > 85 ? 'end' : share < 15 ? 'start' : 'middle'}
          className="fill-slate-800 font-semibold dark:fill-slate-200"
        >
          {t('analysis.sweep.now', { share: percent(share) })}
        </text>

        {lines.map((line) => {
          const look = lookOf.get(line.option_id)!;
          return (
            <line
              key={line.option_id}
              x1={x(0)}
              y1={y(line.atZero)}
              x2={x(100)}
              y2={y(line.atHundred)}
              strokeWidth={2.5}
              strokeDasharray={look.dash}
              strokeLinecap="round"
              className={look.stroke}
            />
          );
        })}

        {flips.map((flip) => {
          const line = lineOf(flip.option_id);
          if (!line) return null;
          return (
            <g key={flip.direction}>
              <circle
                cx={x(flip.at_share)}
                cy={y(totalOnLine(line, flip.at_share))}
                r={6}
                strokeWidth={2.5}
                className={`fill-white dark:fill-slate-900 ${lookOf.get(flip.option_id)!.stroke}`}
              />
              <text
                x={x(flip.at_share)}
                y={y(totalOnLine(line, flip.at_share)) + 20}
                textAnchor="middle"
                className="fill-slate-900 font-semibold dark:fill-white"
              >
                {t('analysis.sweep.tick', { share: percent(flip.at_share) })}
              </text>
            </g>
          );
        })}
      </svg>

      <ul
        className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800 dark:text-slate-200"
        data-testid="sweep-legend"
      >
        {lines.map((line) => {
          const look = lookOf.get(line.option_id)!;
          return (
            <li key={line.option_id} className="flex items-center gap-2">
              <svg aria-hidden width="28" height="8" viewBox="0 0 28 8">
                <line
                  x1="1"
                  y1="4"
                  x2="27"
                  y2="4"
                  strokeWidth={2.5}
                  strokeDasharray={look.dash}
                  strokeLinecap="round"
                  className={look.stroke}
                />
              </svg>
              {nameOf(line.option_id)}
            </li>
          );
        })}
      </ul>

      <div id={descriptionId} className="text-sm text-slate-700 dark:text-slate-300">
        <ul className="flex flex-col gap-0.5">
          {flips.length ? (
            flips.map((flip) => (
              <li key={flip.direction}>
                {t(`analysis.sweep.${flip.direction}`, {
                  at: percent(flip.at_share),
                  option: nameOf(flip.option_id),
                })}
              </li>
            ))
          ) : (
            <li>{t('analysis.sweep.none')}</li>
          )}
        </ul>
        <ul className="sr-only">
          {lines.map((line) => (
            <li key={line.option_id}>
              {t('analysis.sweep.line', {
                option: nameOf(line.option_id),
                atZero: format.number(line.atZero, 1),
                now: format.number(totalOnLine(line, share), 1),
                share: percent(share),
                atHundred: format.number(line.atHundred, 1),
              })}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
