import { describe, expect, it } from 'vitest';
import { levelOfSpread, spreadTextOf } from './spread-text.ts';

describe('spreadTextOf', () => {
  it('reads a range with its label', () => {
    expect(spreadTextOf({ min: 3, max: 7, spread: 'mixed' }, 'cell')).toEqual({
      key: 'consensus.range',
      values: { min: 3, max: 7, labelKey: 'consensus.spreadLabel.mixed' },
    });
    expect(spreadTextOf({ min: 20, max: 90, spread: 'split' }, 'weights').key).toBe('consensus.weightsRange');
  });

  it('says everyone gave the same value', () => {
    expect(spreadTextOf({ min: 7, max: 7, spread: 'close' }, 'cell')).toEqual({
      key: 'consensus.same',
      values: { value: 7, labelKey: 'consensus.spreadLabel.close' },
    });
  });

  it('never claims agreement below two votes', () => {
    expect(spreadTextOf({ min: 5, max: 5, spread: null }, 'cell').key).toBe('consensus.notEnough');
    expect(spreadTextOf({ min: null, max: null, spread: null }, 'weights').key).toBe(
      'consensus.weightsNotEnough',
    );
  });
});

describe('levelOfSpread', () => {
  it('colours close, mixed and split like high, medium and low agreement', () => {
    expect(['close', 'mixed', 'split', null].map((spread) => levelOfSpread(spread as never))).toEqual([
      'high',
      'medium',
      'low',
      'none',
    ]);
  });
});
