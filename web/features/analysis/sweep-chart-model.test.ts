import { describe, expect, it } from 'vitest';
import type { DecisionAnalysis } from '../../../shared/api/analysis.ts';
import { cellKey } from '../../../shared/scoring/team.ts';
import type { AnalysisData } from './analysis-model.ts';
import {
  chartScalesOf,
  chartWidthOf,
  MARGIN,
  shareLabelAnchor,
  sweepChartOf,
  totalAxisOf,
} from './sweep-chart-model.ts';

const [A, B, C, D] = [1, 2, 3, 4];
const [PRICE, QUALITY, SERVICE] = [10, 11, 12];

/** Issue 17's worked example: A (8, 5, 6), B (5, 9, 8), C (6, 6, 6) on Price 50, Quality 30, Service 20. */
function exampleData(): AnalysisData {
  const values: Record<number, number[]> = { [A]: [8, 5, 6], [B]: [5, 9, 8], [C]: [6, 6, 6] };
  return {
    options: [A, B, C, D].map((id) => ({ id, name: 'ABCD'[id - 1]! })),
    criteria: [
      { id: PRICE, name: 'Price', weight: 50, minimum: null },
      { id: QUALITY, name: 'Quality', weight: 30, minimum: null },
      { id: SERVICE, name: 'Service', weight: 20, minimum: null },
    ],
    values: new Map(
      Object.entries(values).flatMap(([option, row]) =>
        [PRICE, QUALITY, SERVICE].map((criterion, index) => [
          cellKey(Number(option), criterion),
          row[index]!,
        ]),
      ),
    ),
    // Nobody voted on D.
    measures: new Map(),
    unscored: new Set([D]),
  };
}

/** C is knocked out by a must-have; A takes the lead once Price counts 51.6 %. */
const analysis = {
  leaders: [B],
  sensitivity: [
    { criterion_id: PRICE, share: 50, up: { at_share: 51.6, option_id: A }, down: null },
    { criterion_id: QUALITY, share: 30, up: null, down: null },
  ],
  robustness: { label: 'fragile', nearest: null },
  stability: { samples: 0, options: [] },
  knocked_out: [{ option_id: C, criterion_id: SERVICE, value: 6, minimum: 7 }],
} satisfies DecisionAnalysis;

describe('sweep chart model', () => {
  it('draws a line per option still in the running, from the others’ total at 0 % to its value at 100 %', () => {
    const chart = sweepChartOf(exampleData(), new Map(), analysis, PRICE);
    expect(chart?.criterion.name).toBe('Price');
    expect(chart?.share).toBe(50);
    // A at 0 %: (5 × 30 + 6 × 20) / 50 = 5.4; B: (9 × 30 + 8 × 20) / 50 = 8.6.
    expect(chart?.lines).toEqual([
      { option_id: A, atZero: 5.4, atHundred: 8 },
      { option_id: B, atZero: 8.6, atHundred: 5 },
    ]);
    expect(chart?.flips).toEqual([{ direction: 'up', at_share: 51.6, option_id: A }]);
    expect(chart?.axis).toEqual({ low: 5, high: 9, ticks: [5, 6, 7, 8, 9] });
    // A line keeps its look by the option's place, whoever drops out.
    expect(chart?.placeOf.get(B)).toBe(1);
  });

  it('uses the what-if weights for the share and falls back to the first criterion', () => {
    const weights = new Map([
      [PRICE, 20],
      [QUALITY, 60],
      [SERVICE, 20],
    ]);
    const chart = sweepChartOf(exampleData(), weights, analysis, 999);
    expect(chart?.criterion.id).toBe(PRICE);
    expect(chart?.share).toBe(20);
    expect(sweepChartOf(exampleData(), new Map(), analysis, QUALITY)?.flips).toEqual([]);
  });

  it('draws nothing without a criterion or without an option left', () => {
    expect(sweepChartOf({ ...exampleData(), criteria: [] }, new Map(), analysis, PRICE)).toBeNull();
    const allOut = {
      ...analysis,
      knocked_out: [A, B, C].map((option_id) => ({ ...analysis.knocked_out[0]!, option_id })),
    };
    expect(sweepChartOf(exampleData(), new Map(), allOut, PRICE)).toBeNull();
  });

  it('spans whole numbers at least one apart, ticking every second unit over a wide range', () => {
    expect(totalAxisOf([{ option_id: A, atZero: 7.2, atHundred: 7.4 }])).toEqual({
      low: 7,
      high: 8,
      ticks: [7, 8],
    });
    expect(totalAxisOf([{ option_id: A, atZero: 1.5, atHundred: 9.2 }]).ticks).toEqual([1, 3, 5, 7, 9]);
  });

  it('fits the drawing to its box between 260 and 640 px and places shares and totals in it', () => {
    expect(chartWidthOf(390)).toBe(390);
    expect(chartWidthOf(100)).toBe(260);
    expect(chartWidthOf(1200)).toBe(640);
    const { x, y, plotWidth } = chartScalesOf(640, { low: 5, high: 9, ticks: [] });
    expect(plotWidth).toBe(640 - MARGIN.left - MARGIN.right);
    expect(x(0)).toBe(MARGIN.left);
    expect(x(100)).toBe(MARGIN.left + plotWidth);
    expect(y(9)).toBe(MARGIN.top);
    expect(y(5)).toBe(280 - MARGIN.bottom);
  });

  it('keeps the “now” label inside the drawing near either edge', () => {
    expect(shareLabelAnchor(10)).toBe('start');
    expect(shareLabelAnchor(50)).toBe('middle');
    expect(shareLabelAnchor(90)).toBe('end');
  });
});
