import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import {
  isSuggestedRow,
  openSuggestions,
  placeOfSuggestion,
  suggestionsOfKind,
  suggestionsRequestOf,
} from './suggestions-model.ts';

const rows = (...names: string[]) => names.map((name) => ({ name }));

describe('suggestionsRequestOf', () => {
  it('sends the title, description and the named rows, trimmed; blank rows are left out', () => {
    expect(
      suggestionsRequestOf({
        name: '  Which laptop? ',
        description: ' For travel ',
        options: rows('ThinkPad ', '', '  '),
        criteria: rows(' Price'),
      }),
    ).toEqual({
      decisionName: 'Which laptop?',
      description: 'For travel',
      options: ['ThinkPad'],
      criteria: ['Price'],
    });
  });

  it('is null without a title: the AI needs it', () => {
    expect(suggestionsRequestOf({ name: '   ', description: 'x', options: [], criteria: [] })).toBeNull();
  });

  it('never sends more rows than the server takes', () => {
    const many = Array.from({ length: LIMITS.decision.maxOptions + 3 }, (_, index) => ({
      name: `Option ${index}`,
    }));
    expect(
      suggestionsRequestOf({ name: 'Bike', description: '', options: many, criteria: [] })?.options,
    ).toHaveLength(LIMITS.decision.maxOptions);
  });
});

describe('openSuggestions', () => {
  const suggestions = [
    { name: 'Suggested option one', reason: 'Common.' },
    { name: 'Suggested option two', reason: 'Cheap.' },
  ];

  it('offers only what the list does not have, comparing trimmed names in any case', () => {
    expect(openSuggestions(suggestions, rows('Alpha', ' SUGGESTED OPTION ONE '))).toEqual([suggestions[1]]);
    expect(openSuggestions(suggestions, rows())).toEqual(suggestions);
  });

  it('offers a suggestion again once its row is renamed or removed', () => {
    expect(openSuggestions(suggestions, rows('Suggested option one (used)'))).toEqual(suggestions);
  });
});

describe('placeOfSuggestion', () => {
  it('fills the first row without a name before adding one', () => {
    expect(placeOfSuggestion(rows('Alpha', '', ''), 50)).toEqual({ kind: 'fill', index: 1 });
    expect(placeOfSuggestion(rows('Alpha', '  '), 50)).toEqual({ kind: 'fill', index: 1 });
    expect(placeOfSuggestion(rows('Alpha'), 50)).toEqual({ kind: 'append' });
    expect(placeOfSuggestion(rows(), 50)).toEqual({ kind: 'append' });
  });

  it('says full when the list is at its maximum and every row is named', () => {
    expect(placeOfSuggestion(rows('A', 'B'), 2)).toEqual({ kind: 'full' });
    expect(placeOfSuggestion(rows('A', ''), 2)).toEqual({ kind: 'fill', index: 1 });
  });
});

describe('isSuggestedRow', () => {
  it('marks a row added from a suggestion until its name is edited', () => {
    const row = { name: 'Suggested option one', suggestedName: 'Suggested option one' };
    expect(isSuggestedRow(row)).toBe(true);
    expect(isSuggestedRow({ ...row, name: 'Suggested option one ' })).toBe(true);
    expect(isSuggestedRow({ ...row, name: 'Suggested option' })).toBe(false);
    expect(isSuggestedRow({ ...row, name: 'suggested option one' })).toBe(false);
  });

  it('never marks a typed row', () => {
    expect(isSuggestedRow({ name: 'Suggested option one' })).toBe(false);
  });
});

describe('suggestionsOfKind', () => {
  it('takes the list asked for; criteria keep their importance', () => {
    const answer = {
      options: [{ name: 'O', reason: 'r' }],
      criteria: [{ name: 'C', importance: 30, reason: 'r' }],
    };
    expect(suggestionsOfKind(answer, 'options')).toEqual([{ name: 'O', reason: 'r' }]);
    expect(suggestionsOfKind(answer, 'criteria')).toEqual([{ name: 'C', importance: 30, reason: 'r' }]);
  });
});
