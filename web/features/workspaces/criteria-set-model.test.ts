import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import {
  criteriaSetChoice,
  criteriaSetCriteriaOf,
  criteriaSetIdOf,
  groupCriteriaSets,
  templateOfCriteriaSet,
} from './criteria-set-model.ts';
import type { CriteriaSet } from './workspaces-api.ts';

function set(id: number, name: string, criteria: CriteriaSet['criteria'] = []): CriteriaSet {
  return { id, name, criteria, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
}

describe('criteriaSetCriteriaOf', () => {
  it('drops blank rows and keeps weight, must-have and anchors', () => {
    expect(
      criteriaSetCriteriaOf([
        { name: ' Cost ', importance: '60', minimum: 4, anchors: { low: ' cheap ', high: '' } },
        { name: '   ', importance: '10', minimum: null, anchors: null },
        { name: 'Speed', importance: 40, minimum: null, anchors: { low: '', high: '' } },
        { name: 'Taste', importance: '', minimum: undefined, anchors: undefined },
      ]),
    ).toEqual([
      { name: 'Cost', importance: 60, minimum: 4, anchors: { low: 'cheap', high: '' } },
      { name: 'Speed', importance: 40, minimum: null, anchors: null },
      { name: 'Taste', importance: 0, minimum: null, anchors: null },
    ]);
  });
});

describe('templateOfCriteriaSet', () => {
  const shared = set(3, 'Vendor choice', [
    { name: 'Price', importance: 70, minimum: 0, anchors: { low: 'expensive', high: 'cheap' } },
    { name: 'Support', importance: 30, minimum: 5, anchors: null },
  ]);

  it('fills only the criteria, with weights, must-haves and anchors', () => {
    const template = templateOfCriteriaSet(shared, LIMITS.scales.team);
    expect(template.criteriaOnly).toBe(true);
    expect(template.options).toEqual([]);
    expect(template.criteria).toEqual([
      { name: 'Price', weight: 70, minimum: 0, anchors: { low: 'expensive', high: 'cheap' } },
      { name: 'Support', weight: 30, minimum: 5, anchors: { low: '', high: '' } },
    ]);
  });

  it('drops a must-have the decision’s scale does not have', () => {
    const template = templateOfCriteriaSet(shared, { min: 1, max: 10 });
    expect(template.criteria.map((criterion) => criterion.minimum)).toEqual([null, 5]);
  });
});

describe('groupCriteriaSets', () => {
  it('groups by workspace in the list’s order and leaves out workspaces without sets', () => {
    const sets: Record<number, CriteriaSet[] | undefined> = {
      1: [set(10, 'A')],
      2: [],
      3: undefined,
      4: [set(11, 'B'), set(12, 'C')],
    };
    const groups = groupCriteriaSets(
      [
        { id: 4, name: 'Sales' },
        { id: 1, name: 'Marketing' },
        { id: 2, name: 'Empty' },
        { id: 3, name: 'Loading' },
      ],
      (id) => sets[id],
    );
    expect(groups.map((group) => [group.workspaceName, group.sets.map((entry) => entry.name)])).toEqual([
      ['Sales', ['B', 'C']],
      ['Marketing', ['A']],
    ]);
  });
});

describe('the dialog’s choice values', () => {
  it('tell a shared set from a built-in template', () => {
    expect(criteriaSetIdOf(criteriaSetChoice(12))).toBe(12);
    expect(criteriaSetIdOf('car-purchase')).toBeNull();
    expect(criteriaSetIdOf('set:x')).toBeNull();
  });
});
