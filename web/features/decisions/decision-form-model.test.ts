import { describe, expect, it } from 'vitest';
import { createDecisionRequestSchema, type DecisionDetails } from '../../../shared/api/decisions.ts';
import { cellKey, duplicatePositions } from '../../lib/matrix-model.ts';
import {
  changedAiProposal,
  decisionFormSchema,
  emptyCriterion,
  emptyDecisionForm,
  emptyOption,
  formValuesOf,
  handMadeScoreCount,
  hasDecisionContent,
  rankFormValues,
  templateDecisionForm,
  toDecisionRequest,
  type DecisionFormValues,
} from './decision-form-model.ts';

function formWith(scores: (rowKeys: { options: string[]; criteria: string[] }) => Record<string, string>) {
  const options = [
    { ...emptyOption(), name: 'Car' },
    { ...emptyOption(), name: 'Bike' },
  ];
  const criteria = [
    { ...emptyCriterion(), name: 'Cost', importance: '60' },
    { ...emptyCriterion(), name: 'Time', importance: '40' },
  ];
  const values: DecisionFormValues = {
    name: 'Commute',
    description: '',
    mode: 'manual',
    type: 'private',
    options,
    criteria,
    scores: scores({
      options: options.map((option) => option.rowKey),
      criteria: criteria.map((criterion) => criterion.rowKey),
    }),
    explanations: {},
    aiProposals: {},
  };
  return values;
}

/** `formWith` its scores as a grid: a row per option, a column per criterion; undefined leaves a cell out. */
function formWithGrid(
  grid: (string | undefined)[][],
  extra: (rowKeys: { options: string[]; criteria: string[] }) => Record<string, string> = () => ({}),
) {
  return formWith((rowKeys) => ({
    ...Object.fromEntries(
      grid.flatMap((row, option) =>
        row.flatMap((value, criterion) =>
          value === undefined
            ? []
            : [[cellKey(rowKeys.options[option]!, rowKeys.criteria[criterion]!), value]],
        ),
      ),
    ),
    ...extra(rowKeys),
  }));
}

describe('decision form model: scores and the live ranking', () => {
  it('counts the typed scores an AI evaluation would replace, not the AI values kept or empty cells', () => {
    const values = formWithGrid(
      [
        ['3', ''],
        ['6', '9'],
      ],
      ({ criteria }) => ({ [cellKey('removed-row', criteria[0]!)]: '5' }),
    );
    expect(handMadeScoreCount(values)).toBe(3);
    const bike = values.options[1];
    const [cost, time] = values.criteria;
    // The AI proposed 6 and the user kept it; it proposed 4 where the user now has 9.
    values.aiProposals[cellKey(bike!.rowKey, cost!.rowKey)] = { value: 6, explanation: null };
    values.aiProposals[cellKey(bike!.rowKey, time!.rowKey)] = { value: 4, explanation: null };
    expect(handMadeScoreCount(values)).toBe(2);
    expect(handMadeScoreCount({ ...values, scores: {} })).toBe(0);
  });

  it('sends only the scored cells of the current rows, by position', () => {
    const values = formWith(({ options, criteria }) => ({
      [cellKey(options[0]!, criteria[0]!)]: '3',
      [cellKey(options[0]!, criteria[1]!)]: '',
      [cellKey(options[1]!, criteria[1]!)]: '9',
      [cellKey('removed-row', criteria[0]!)]: '5',
    }));
    expect(toDecisionRequest(values).evaluations).toEqual([
      { option_index: 0, criterion_index: 0, value: 3, explanation: null },
      { option_index: 1, criterion_index: 1, value: 9, explanation: null },
    ]);
  });

  it('flags a cell off the 1–10 scale and ignores cells of removed rows', () => {
    const values = formWith(({ options, criteria }) => ({
      [cellKey(options[1]!, criteria[0]!)]: '11',
      [cellKey('removed-row', criteria[0]!)]: '0',
    }));
    const parsed = decisionFormSchema.safeParse(values);
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual([`scores.${cellKey(values.options[1]!.rowKey, values.criteria[0]!.rowKey)}`]);
  });

  it('ranks the live form by Σ value × importance / Σ importance, with a best option once complete', () => {
    const values = formWithGrid([
      ['3', '9'],
      ['8', undefined],
    ]);
    const provisional = new Map(
      rankFormValues(values.options, values.criteria, values.scores).map((entry) => [entry.option_id, entry]),
    );
    // One cell is empty: provisional totals, no best option yet (issue 25).
    expect(provisional.get(0)).toMatchObject({ total: 5.4, is_top: false, knocked_out: false });
    expect(provisional.get(1)).toMatchObject({ total: 4.8, is_top: false, knocked_out: false });
    values.scores[cellKey(values.options[1]!.rowKey, values.criteria[1]!.rowKey)] = '1';
    const ranking = rankFormValues(values.options, values.criteria, values.scores);
    const byOption = new Map(ranking.map((entry) => [entry.option_id, entry]));
    expect(byOption.get(0)).toMatchObject({ total: 5.4, is_top: true, knocked_out: false });
    expect(byOption.get(1)).toMatchObject({ total: 5.2, is_top: false, knocked_out: false });
  });

  it('gives an option with a 0 (off the 1–10 scale) no live total until it is corrected', () => {
    const values = formWithGrid([
      ['0', '9'],
      ['8', '1'],
    ]);
    // Nor is any option the best while a cell is off the scale.
    expect(rankFormValues(values.options, values.criteria, values.scores)).toEqual([
      { option_id: 1, total: 5.2, rank: 1, is_top: false, knocked_out: false },
      { option_id: 0, total: null, rank: null, is_top: false, knocked_out: false },
    ]);
  });
});

describe('decision form model: the AI’s proposals', () => {
  it('sends the AI’s proposal with each cell it scored, whatever value the user keeps', () => {
    const values = formWith(({ options, criteria }) => ({
      [cellKey(options[0]!, criteria[0]!)]: '5',
      [cellKey(options[1]!, criteria[0]!)]: '4',
    }));
    const [car] = values.options;
    const [cost] = values.criteria;
    values.explanations = { [cellKey(car!.rowKey, cost!.rowKey)]: 'Cheap to run.' };
    values.aiProposals = {
      [cellKey(car!.rowKey, cost!.rowKey)]: { value: 7, explanation: 'Cheap to run.' },
      // An unscored cell sends nothing, proposal or not.
      [cellKey(car!.rowKey, values.criteria[1]!.rowKey)]: { value: 2, explanation: null },
    };
    expect(toDecisionRequest(values).evaluations).toEqual([
      {
        option_index: 0,
        criterion_index: 0,
        value: 5,
        explanation: 'Cheap to run.',
        ai_value: 7,
        ai_explanation: 'Cheap to run.',
      },
      { option_index: 1, criterion_index: 0, value: 4, explanation: null },
    ]);
  });

  it('loads stored proposals on the edit page, so saving sends them back unchanged', () => {
    const evaluation = (option_id: number, value: number, ai_value: number | null) => ({
      option_id,
      criterion_id: 10,
      value,
      explanation: null,
      user_id: 1,
      generated_by: 'user' as const,
      ai_value,
      ai_explanation: ai_value === null ? null : 'Because.',
    });
    const details = {
      decision: { name: 'Commute', description: '', mode: 'ai', type: 'private', user_id: 1 },
      options: [
        { id: 1, decision_id: 5, name: 'Car' },
        { id: 2, decision_id: 5, name: 'Bike' },
      ],
      criteria: [{ id: 10, decision_id: 5, name: 'Cost', importance: 100, minimum: null, anchors: null }],
      evaluations: [evaluation(1, 5, 7), evaluation(2, 4, null)],
    } as unknown as Parameters<typeof formValuesOf>[0];
    const request = toDecisionRequest(formValuesOf(details));
    expect(request.evaluations).toEqual([
      {
        option_index: 0,
        criterion_index: 0,
        value: 5,
        explanation: null,
        ai_value: 7,
        ai_explanation: 'Because.',
      },
      { option_index: 1, criterion_index: 0, value: 4, explanation: null },
    ]);
  });

  it('shows the AI’s proposal only beside a value the user changed', () => {
    const proposal = { value: 7, explanation: 'Cheap.' };
    expect(changedAiProposal(5, proposal)).toBe(proposal);
    expect(changedAiProposal(7, proposal)).toBeNull();
    expect(changedAiProposal(null, proposal)).toBeNull();
    expect(changedAiProposal(5, undefined)).toBeNull();
  });
});

describe('decision form model: must-haves, anchors and templates', () => {
  it('knocks an option below a must-have minimum out of the top of the live ranking', () => {
    const values = formWithGrid([
      ['3', '9'],
      ['8', '1'],
    ]);
    values.criteria[0]!.minimum = 5;
    const ranking = rankFormValues(values.options, values.criteria, values.scores);
    // Car has the higher total (5.4) but scores 3 on Cost, below its minimum of 5: Bike leads.
    expect(ranking.map((entry) => [entry.option_id, entry.total, entry.is_top, entry.knocked_out])).toEqual([
      [1, 5.2, true, false],
      [0, 5.4, false, true],
    ]);
  });

  it('sends minimum and anchors with every criterion, null when cleared', () => {
    const values = formWith(() => ({}));
    values.criteria[0] = {
      ...values.criteria[0]!,
      minimum: 4,
      anchors: { low: ' > 2,000 € ', high: '< 800 €' },
    };
    values.criteria[1] = { ...values.criteria[1]!, minimum: null, anchors: { low: '', high: ' ' } };
    expect(toDecisionRequest(values).criteria).toEqual([
      {
        name: 'Cost',
        importance: 60,
        minimum: 4,
        anchors: { low: '> 2,000 €', high: '< 800 €' },
        kind: 'score',
      },
      { name: 'Time', importance: 40, minimum: null, anchors: null, kind: 'score' },
    ]);
    expect(createDecisionRequestSchema.safeParse(toDecisionRequest(values)).success).toBe(true);
  });

  it('holds a minimum to the personal 1–10 scale and anchors to their length, by the shared schemas', () => {
    const values = formWith(() => ({}));
    values.criteria[0]!.minimum = 0;
    values.criteria[1]!.anchors = { low: 'x'.repeat(81), high: '' };
    const parsed = decisionFormSchema.safeParse(values);
    // The rows' fields first, then the minimums by each row's kind.
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['criteria.1.anchors.low', 'validation.tooLong'],
      ['criteria.0.minimum', 'validation.minimumRange'],
    ]);
  });

  it('takes a measured criterion’s must-have in its unit, off the 1–10 scale (issue 31)', () => {
    const values = formWith(() => ({}));
    values.criteria[0] = {
      ...values.criteria[0]!,
      kind: 'measure',
      unit: '€',
      direction: 'lower',
      minimum: 1500,
    };
    expect(decisionFormSchema.safeParse(values).error?.issues).toBeUndefined();
    values.criteria[0] = { ...values.criteria[0], kind: 'score' };
    expect(decisionFormSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'criteria.0.minimum',
    ]);
  });

  it('loads the minimum and anchors of stored criteria', () => {
    const details = {
      decision: { name: 'D', description: '', mode: 'manual', type: 'private', user_id: 1 },
      options: [],
      criteria: [
        { id: 3, decision_id: 1, name: 'Cost', importance: 50, minimum: 6, anchors: { low: 'a', high: '' } },
        { id: 4, decision_id: 1, name: 'Time', importance: 50, minimum: null, anchors: null },
      ],
      evaluations: [],
    } as unknown as DecisionDetails;
    const [cost, time] = formValuesOf(details).criteria;
    expect(cost).toMatchObject({ criterionId: 3, minimum: 6, anchors: { low: 'a', high: '' } });
    expect(time).toMatchObject({ criterionId: 4, minimum: null, anchors: { low: '', high: '' } });
  });

  it('fills the form from a template: title, description, options, criteria with weights and anchors', () => {
    const current = formWith(({ options, criteria }) => ({ [cellKey(options[0]!, criteria[0]!)]: '3' }));
    current.mode = 'ai';
    const filled = templateDecisionForm(
      {
        name: 'Buying a laptop',
        description: 'Which one?',
        options: [],
        criteria: [
          { name: 'Price', weight: 60, anchors: { low: '> 2,000 €', high: '< 800 €' } },
          { name: 'Weight', weight: 40, anchors: { low: '> 2.5 kg', high: '< 1.2 kg' } },
        ],
      },
      current,
    );
    expect(filled).toMatchObject({
      name: 'Buying a laptop',
      description: 'Which one?',
      mode: 'ai',
      scores: {},
    });
    expect(filled.options.map((option) => option.name)).toEqual(['', '']);
    expect(
      filled.criteria.map(({ name, importance, minimum, anchors }) => ({
        name,
        importance,
        minimum,
        anchors,
      })),
    ).toEqual([
      { name: 'Price', importance: '60', minimum: null, anchors: { low: '> 2,000 €', high: '< 800 €' } },
      { name: 'Weight', importance: '40', minimum: null, anchors: { low: '> 2.5 kg', high: '< 1.2 kg' } },
    ]);
    expect(hasDecisionContent(current)).toBe(true);
    expect(hasDecisionContent({ ...emptyDecisionForm() })).toBe(false);
  });

  it('marks every row of a repeated name', () => {
    expect([...duplicatePositions(['Car', 'Bike', ' car ', '', ''])]).toEqual([0, 2]);
  });
});
