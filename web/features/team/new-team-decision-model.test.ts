import { describe, expect, it } from 'vitest';
import {
  createRequestFrom,
  emptyNewTeamDecision,
  hasDuplicateNames,
  hasTypedContent,
  newTeamDecisionFormSchema,
  withTemplate,
} from './new-team-decision-model.ts';

const template = {
  name: 'Holiday',
  description: 'Where to go',
  options: ['Lisbon', 'Oslo'],
  criteria: [{ name: 'Cost', weight: 60, anchors: { low: 'expensive', high: 'cheap' } }],
};

describe('new team decision model', () => {
  it('starts with two empty options and one empty criterion, nothing typed', () => {
    const values = emptyNewTeamDecision();
    expect(values.options.map((row) => row.name)).toEqual(['', '']);
    expect(values.criteria).toEqual([expect.objectContaining({ name: '', minimum: null })]);
    expect(hasTypedContent(values)).toBe(false);
    expect(hasTypedContent({ ...values, description: 'Why' })).toBe(true);
  });

  it('sends trimmed names without blank or repeated rows, a template weight as the default weight', () => {
    const values = withTemplate({ ...emptyNewTeamDecision(), mode: 'ai' }, template);
    values.name = '  Holiday 2030 ';
    values.options.push({ key: 'x', name: ' lisbon' }, { key: 'y', name: '  ' });
    expect(createRequestFrom(values)).toEqual({
      name: 'Holiday 2030',
      description: 'Where to go',
      mode: 'ai',
      results_visibility: 'always',
      timer: null,
      type: 'team',
      options: [{ name: 'Lisbon' }, { name: 'Oslo' }],
      criteria: [
        { name: 'Cost', importance: 60, minimum: null, anchors: { low: 'expensive', high: 'cheap' } },
      ],
    });
  });

  it('blocks on a repeated name, in any case', () => {
    const values = withTemplate(emptyNewTeamDecision(), template);
    expect(hasDuplicateNames(values)).toBe(false);
    expect(hasDuplicateNames({ ...values, options: [...values.options, { key: 'z', name: 'OSLO' }] })).toBe(
      true,
    );
  });

  it('refuses a deadline that is unreadable or too soon', () => {
    const issues = (deadline: string) =>
      newTeamDecisionFormSchema
        .safeParse({ ...emptyNewTeamDecision(), name: 'Holiday', deadline })
        .error?.issues.map((issue) => issue.message) ?? [];
    expect(issues('')).toEqual([]);
    expect(issues('2999-01-01T10:00')).toEqual([]);
    expect(issues('yesterday')).toEqual(['team.deadlineInvalid']);
    expect(issues('2001-01-01T10:00')).toEqual(['team.deadlineTooSoon']);
  });
});
