import { describe, expect, it } from 'vitest';
import { emptyCriterion, emptyDecisionForm, emptyOption } from './decision-form-model.ts';
import {
  DECISION_STEPS,
  firstStepWithError,
  proposedImportance,
  STEP_FIELDS,
  stepOfField,
  isBlankCriterion,
  withoutTrailingBlankRows,
  withProposedImportances,
} from './decision-form-steps.ts';

describe('the steps of the guided New decision flow', () => {
  it('goes question, options, criteria, scores', () => {
    expect(DECISION_STEPS).toEqual(['question', 'options', 'criteria', 'scores']);
  });

  it('gives every field of the form to exactly one step, advanced fields to the step that shows them', () => {
    const formFields = Object.keys(emptyDecisionForm()).filter(
      // Mode and visibility sit under "More settings" with their defaults; stored notes travel along.
      (field) => !['mode', 'type', 'explanations', 'aiProposals'].includes(field),
    );
    const stepFields = DECISION_STEPS.flatMap((step) => STEP_FIELDS[step]);
    expect([...stepFields].sort()).toEqual([...formFields].sort());
    expect(stepOfField('name')).toBe('question');
    expect(stepOfField('description')).toBe('question');
    expect(stepOfField('options.2.name')).toBe('options');
    expect(stepOfField('criteria.0.importance')).toBe('criteria');
    expect(stepOfField('criteria.1.minimum')).toBe('criteria');
    expect(stepOfField('criteria.1.anchors.low')).toBe('criteria');
    expect(stepOfField('scores.a:b')).toBe('scores');
  });

  it('leads a failed save back to the earliest step with an error', () => {
    expect(firstStepWithError(['scores.x', 'criteria.0.name', 'options.1.name'])).toBe('options');
    expect(firstStepWithError(['description'])).toBe('question');
    expect(firstStepWithError([])).toBeNull();
  });
});

describe('importance proposed by rank', () => {
  it('gives the first criterion 10 and steps down evenly, never below 1', () => {
    expect([0, 1, 2, 3].map((rank) => proposedImportance(rank, 4))).toEqual([10, 8, 5, 3]);
    expect(proposedImportance(0, 1)).toBe(10);
    expect([0, 1].map((rank) => proposedImportance(rank, 2))).toEqual([10, 5]);
    expect(proposedImportance(19, 20)).toBe(1);
    const ten = Array.from({ length: 10 }, (_, rank) => proposedImportance(rank, 10));
    expect(ten).toEqual([...ten].sort((a, b) => b - a));
    expect(Math.min(...ten)).toBeGreaterThanOrEqual(1);
  });

  it('fills empty and still-proposed importances by rank, and keeps typed ones', () => {
    const typed = { ...emptyCriterion(), name: 'Price', importance: '40' };
    const empty = { ...emptyCriterion(), name: 'Size' };
    const proposed = { ...emptyCriterion(), name: 'Looks', importance: '10', isImportanceProposed: true };
    const result = withProposedImportances([proposed, typed, empty]);
    expect(result?.map((criterion) => criterion.importance)).toEqual(['10', '40', '3']);
    expect(result?.map((criterion) => Boolean(criterion.isImportanceProposed))).toEqual([true, false, true]);
  });

  it('follows a reorder: a proposal moves with the rank, not with the criterion', () => {
    const first = withProposedImportances([
      { ...emptyCriterion(), name: 'A' },
      { ...emptyCriterion(), name: 'B' },
    ])!;
    expect(first.map((criterion) => criterion.importance)).toEqual(['10', '5']);
    const swapped = withProposedImportances([first[1]!, first[0]!])!;
    expect(swapped.map((criterion) => [criterion.name, criterion.importance])).toEqual([
      ['B', '10'],
      ['A', '5'],
    ]);
  });

  it('does not let an unnamed row lower the proposals of the named ones', () => {
    const named = ['A', 'B', 'C', 'D'].map((name) => ({ ...emptyCriterion(), name }));
    const result = withProposedImportances([...named, emptyCriterion()]);
    expect(result?.map((criterion) => criterion.importance)).toEqual(['10', '8', '5', '3', '1']);
  });

  it('reports no change when every importance already is what it would be', () => {
    const settled = withProposedImportances([{ ...emptyCriterion(), name: 'A' }])!;
    expect(withProposedImportances(settled)).toBeNull();
    expect(withProposedImportances([{ ...emptyCriterion(), importance: '0' }])).toBeNull();
  });
});

describe('rows Next keeps', () => {
  it('drops blank rows at the end while one named row remains', () => {
    const rows = [
      { ...emptyOption(), name: 'Car' },
      { ...emptyOption(), name: 'Bike' },
      emptyOption(),
      emptyOption(),
    ];
    expect(withoutTrailingBlankRows(rows).map((row) => row.name)).toEqual(['Car', 'Bike']);
  });

  it('keeps a blank row between named ones, and an all-blank list, so their messages can show', () => {
    const rows = [emptyOption(), { ...emptyOption(), name: 'Car' }];
    expect(withoutTrailingBlankRows(rows)).toHaveLength(2);
    expect(withoutTrailingBlankRows([emptyOption(), emptyOption()])).toHaveLength(2);
  });

  it('counts a criterion with only its proposed importance as blank, one with a typed importance not', () => {
    const named = { ...emptyCriterion(), name: 'Price', importance: '10', isImportanceProposed: true };
    const proposedOnly = { ...emptyCriterion(), importance: '5', isImportanceProposed: true };
    const typed = { ...emptyCriterion(), importance: '40' };
    expect(withoutTrailingBlankRows([named, proposedOnly], isBlankCriterion)).toEqual([named]);
    expect(withoutTrailingBlankRows([named, typed], isBlankCriterion)).toHaveLength(2);
  });
});
