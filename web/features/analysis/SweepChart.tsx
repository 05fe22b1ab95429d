import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionAnalysis } from '../../../shared/api/analysis.ts';
import { totalOnLine, type SweepLine } from '../../../shared/scoring/analysis.ts';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { useFormatters } from '../../lib/format.ts';
import type { AnalysisData, Weights } from './analysis-model.ts';
import {
  chartScalesOf,
  chartWidthOf,
  HEIGHT,
  MARGIN,
  SHARE_TICKS,
  shareLabelAnchor,
  sweepChartOf,
  WIDEST,
  type SweepChartData,
} from './sweep-chart-model.ts';
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

interface SweepChartProps {
  data: AnalysisData;
  weights: Weights;
  analysis: DecisionAnalysis;
  /** The criterion shown first (the one of the nearest flip). */
  initialCriterionId: number;
}

type Scales = ReturnType<typeof chartScalesOf>;

/**
 * How each option's total moves as one criterion's share goes from 0 to 100 % (the others keep their
 * proportions): a straight line per option, the current share as a vertical line, the flip points as
 * rings. Options a must-have knocked out take no part, as in the analysis. The same facts are text
 * below the chart (the flips) and for screen readers (each line's ends).
 */
export default function SweepChart({ data, weights, analysis, initialCriterionId }: SweepChartProps) {
  const { t } = useTranslation();
  const id = useId();
  const [pickedId, setPickedId] = useState(initialCriterionId);
  const [width, setWidth] = useState(WIDEST);
  // A callback ref: the chart may first render without its drawing (no lines yet).
  const chartRef = useCallback((chart: SVGSVGElement | null) => {
    if (!chart || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const boxWidth = Math.round(entry?.contentRect.width ?? 0);
      if (boxWidth > 0) setWidth(chartWidthOf(boxWidth));
    });
    observer.observe(chart);
    return () => observer.disconnect();
  }, []);
  const chart = sweepChartOf(data, weights, analysis, pickedId);
  if (!chart) return null;
  const scales = chartScalesOf(width, chart.axis);
  const nameOf = (optionId: number) => data.options.find((option) => option.id === optionId)?.name ?? '';
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
            value={String(chart.criterion.id)}
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
        <title id={titleId}>{t('analysis.sweep.label', { criterion: chart.criterion.name })}</title>
        <SweepAxes chart={chart} width={width} scales={scales} />
        <SweepLines chart={chart} scales={scales} />
      </svg>

      <SweepLegend lines={chart.lines} lookOf={(optionId) => lookOf(chart, optionId)} nameOf={nameOf} />
      <SweepDescription id={descriptionId} chart={chart} nameOf={nameOf} />
    </section>
  );
}

function lookOf(chart: SweepChartData, optionId: number) {
  return LINE_LOOKS[(chart.placeOf.get(optionId) ?? 0) % LINE_LOOKS.length]!;
}

/** The total and share ticks, the share axis' label and the current share as a vertical line. */
function SweepAxes({ chart, width, scales }: { chart: SweepChartData; width: number; scales: Scales }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const percent = usePercentText();
  const { x, y, plotWidth } = scales;
  return (
    <>
      {chart.axis.ticks.map((tick) => (
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
        {t('analysis.sweep.axis', { criterion: chart.criterion.name })}
      </text>

      <line
        x1={x(chart.share)}
        x2={x(chart.share)}
        y1={MARGIN.top}
        y2={HEIGHT - MARGIN.bottom}
        strokeDasharray="4 4"
        className="stroke-slate-500 dark:stroke-slate-400"
      />
      <text
        x={x(chart.share)}
        y={MARGIN.top - 8}
        textAnchor={shareLabelAnchor(chart.share)}
        className="fill-slate-800 font-semibold dark:fill-slate-200"
      >
        {t('analysis.sweep.now', { share: percent(chart.share) })}
      </text>
    </>
  );
}

/** A line per option and a ring with its share at each flip point. */
function SweepLines({ chart, scales }: { chart: SweepChartData; scales: Scales }) {
  const { t } = useTranslation();
  const percent = usePercentText();
  const { x, y } = scales;
  return (
    <>
      {chart.lines.map((line) => {
        const look = lookOf(chart, line.option_id);
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

      {chart.flips.map((flip) => {
        const line = chart.lines.find((entry) => entry.option_id === flip.option_id);
        if (!line) return null;
        return (
          <g key={flip.direction}>
            <circle
              cx={x(flip.at_share)}
              cy={y(totalOnLine(line, flip.at_share))}
              r={6}
              strokeWidth={2.5}
              className={`fill-white dark:fill-slate-900 ${lookOf(chart, flip.option_id).stroke}`}
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
    </>
  );
}

function SweepLegend({
  lines,
  lookOf,
  nameOf,
}: {
  lines: readonly SweepLine[];
  lookOf: (optionId: number) => (typeof LINE_LOOKS)[number];
  nameOf: (optionId: number) => string;
}) {
  return (
    <ul
      className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800 dark:text-slate-200"
      data-testid="sweep-legend"
    >
      {lines.map((line) => {
        const look = lookOf(line.option_id);
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
  );
}

/** The flips as text, and each line's ends for screen readers: the chart's description. */
function SweepDescription({
  id,
  chart,
  nameOf,
}: {
  id: string;
  chart: SweepChartData;
  nameOf: (optionId: number) => string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const percent = usePercentText();
  return (
    <div id={id} className="text-sm text-slate-700 dark:text-slate-300">
      <ul className="flex flex-col gap-0.5">
        {chart.flips.length ? (
          chart.flips.map((flip) => (
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
        {chart.lines.map((line) => (
          <li key={line.option_id}>
            {t('analysis.sweep.line', {
              option: nameOf(line.option_id),
              atZero: format.number(line.atZero, 1),
              now: format.number(totalOnLine(line, chart.share), 1),
              share: percent(chart.share),
              atHundred: format.number(line.atHundred, 1),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
