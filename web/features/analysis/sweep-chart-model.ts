import type { DecisionAnalysis } from '../../../shared/api/analysis.ts';
import { sweepLinesOf, type SweepLine } from '../../../shared/scoring/analysis.ts';
import type { AnalysisData, Weights } from './analysis-model.ts';

/**
 * The drawing is as wide as its box (between these bounds), so one unit is one pixel and the labels
 * keep their 12 px on a phone instead of shrinking with a fixed-width drawing.
 */
export const WIDEST = 640;
const NARROWEST = 260;
export const HEIGHT = 280;
// The right margin holds half of the "100 %" label under the last tick.
export const MARGIN = { top: 24, right: 22, bottom: 44, left: 40 };
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
export const SHARE_TICKS = [0, 25, 50, 75, 100];

export interface TotalAxis {
  low: number;
  high: number;
  ticks: number[];
}

export interface SweepFlip {
  direction: 'down' | 'up';
  option_id: number;
  at_share: number;
}

export interface SweepChartData {
  criterion: AnalysisData['criteria'][number];
  /** The criterion's current share of all weights, in percent. */
  share: number;
  lines: SweepLine[];
  axis: TotalAxis;
  /** Where the leader changes as the share goes down or up; none, one or both. */
  flips: SweepFlip[];
  /** Each option's place in the list, by option id: it picks the line's look, so that never changes. */
  placeOf: Map<number, number>;
}

/** Whole numbers around the totals (at least one unit apart) and the ticks between them. */
export function totalAxisOf(lines: readonly SweepLine[]): TotalAxis {
  const ends = lines.flatMap((line) => [line.atZero, line.atHundred]);
  const low = Math.floor(Math.min(...ends));
  const high = Math.max(Math.ceil(Math.max(...ends)), low + 1);
  const step = high - low > 5 ? 2 : 1;
  const ticks: number[] = [];
  for (let tick = low; tick <= high; tick += step) ticks.push(tick);
  return { low, high, ticks };
}

/**
 * What the chart draws for the picked criterion (the first one if the pick is gone): one line per
 * option still in the running (unscored and knocked-out options take no part, as in the analysis);
 * null when there is nothing to draw.
 */
export function sweepChartOf(
  data: AnalysisData,
  weights: Weights,
  analysis: DecisionAnalysis,
  pickedCriterionId: number,
): SweepChartData | null {
  const criterion = data.criteria.find((entry) => entry.id === pickedCriterionId) ?? data.criteria[0];
  if (!criterion) return null;
  const excluded = new Set([...data.unscored, ...analysis.knocked_out.map((entry) => entry.option_id)]);
  const candidates = data.options.filter((option) => !excluded.has(option.id));
  const criteria = data.criteria.map((entry) => ({
    ...entry,
    weight: weights.get(entry.id) ?? entry.weight,
  }));
  const weightSum = criteria.reduce((sum, entry) => sum + entry.weight, 0);
  const share = weightSum > 0 ? (100 * (weights.get(criterion.id) ?? criterion.weight)) / weightSum : 0;
  const lines = sweepLinesOf(candidates, criteria, data.values, criterion.id);
  if (lines.length === 0) return null;
  const sensitivity = analysis.sensitivity.find((entry) => entry.criterion_id === criterion.id);
  const flips = [
    sensitivity?.down ? { ...sensitivity.down, direction: 'down' as const } : null,
    sensitivity?.up ? { ...sensitivity.up, direction: 'up' as const } : null,
  ].filter((flip) => flip !== null);
  const placeOf = new Map(data.options.map((option, index) => [option.id, index]));
  return { criterion, share, lines, axis: totalAxisOf(lines), flips, placeOf };
}

/** The drawing's width for its box's (measured) width. */
export function chartWidthOf(boxWidth: number): number {
  return Math.min(WIDEST, Math.max(NARROWEST, boxWidth));
}

/** Pixel positions: x of a share (0–100 %), y of a total on the axis. */
export function chartScalesOf(width: number, axis: TotalAxis) {
  const plotWidth = width - MARGIN.left - MARGIN.right;
  return {
    plotWidth,
    x: (atShare: number) => MARGIN.left + (atShare / 100) * plotWidth,
    y: (total: number) => MARGIN.top + ((axis.high - total) / (axis.high - axis.low)) * PLOT_HEIGHT,
  };
}

/** The "now" label above the current share stays inside the drawing near either edge. */
export function shareLabelAnchor(share: number): 'start' | 'middle' | 'end' {
  return share > 85 ? 'end' : share < 15 ? 'start' : 'middle';
}
