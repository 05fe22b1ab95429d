import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  teamApi,
} from '../../test/team-factories.ts';
import { csvRows, csvSection as section, pdfText } from '../../test/export-files.ts';
import { formatDateTime } from './format.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const team = teamApi(() => app);

let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
});

type Format = 'csv' | 'pdf';

function exportOf(
  caller: SignedInUser | undefined,
  decisionId: number,
  format: Format,
  { language = 'en', query = '' }: { language?: 'en' | 'de'; query?: string } = {},
) {
  return app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/export.${format}${query}`,
    headers: { ...caller?.headers, 'accept-language': language },
  });
}

const number = (cell: string | undefined) => (cell === '' || cell === undefined ? null : Number(cell));

describe('GET /api/decision/{id}/export.csv (personal)', () => {
  it('matches the details API: one row per option with each value, the weights, totals and ranks', async () => {
    const { decision, details } = await createDecision(app, owner, {
      name: 'Neues Auto für die Familie',
      options: ['Alpha', 'Beta', 'Gamma'],
      criteria: [
        { name: 'Price', importance: 60 },
        { name: 'Comfort', importance: 25 },
        { name: 'Größe', importance: 15 },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 8 },
        { option_index: 0, criterion_index: 1, value: 5 },
        { option_index: 0, criterion_index: 2, value: 3 },
        { option_index: 1, criterion_index: 0, value: 6 },
        { option_index: 1, criterion_index: 1, value: 9 },
        { option_index: 2, criterion_index: 0, value: 7 },
        { option_index: 2, criterion_index: 1, value: 7 },
        { option_index: 2, criterion_index: 2, value: 7 },
      ],
    });

    const response = await exportOf(owner, decision.id, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Neues-Auto-fuer-die-Familie.csv"; filename*=UTF-8''Neues%20Auto%20f%C3%BCr%20die%20Familie.csv`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');

    const rows = csvRows(response);
    expect(rows[0]).toEqual([en.export.decision, 'Neues Auto für die Familie']);
    const matrix = section(rows, en.export.option);
    // Beta misses a cell: no result yet (issue 25), the totals are provisional and nothing is marked best.
    expect(rows.find((row) => row[0] === en.export.results)).toEqual([
      en.export.results,
      'No result yet: 1 cell is still empty.',
    ]);
    expect(matrix[0]).toEqual([
      en.export.option,
      ...details.criteria.map((c) => c.name),
      en.results.totalProvisional,
      en.export.rank,
    ]);
    expect(matrix[1]).toEqual([en.export.weightRow, ...details.criteria.map((c) => String(c.importance))]);
    expect(matrix[2]).toEqual([en.export.shareRow, '60', '25', '15']);
    const body = matrix.slice(3);
    // The ranking table: best first, as details ranks them.
    const optionName = new Map(details.options.map((option) => [option.id, option.name]));
    expect(body.map((row) => row[0])).toEqual(
      details.results.ranking.map((entry) => optionName.get(entry.option_id)),
    );
    expect(body.map((row) => row[0])).toEqual(['Gamma', 'Alpha', 'Beta']);
    for (const [index, entry] of details.results.ranking.entries()) {
      const option = details.options.find((candidate) => candidate.id === entry.option_id)!;
      const row = body[index]!;
      details.criteria.forEach((criterion, c) => {
        const value = details.evaluations.find(
          (e) => e.option_id === option.id && e.criterion_id === criterion.id,
        )?.value;
        expect(number(row[1 + c])).toBe(value ?? null);
      });
      // The total with the details view's one decimal.
      expect(row[1 + details.criteria.length]).toMatch(/^\d+\.\d$/);
      expect(Math.abs(Number(row[1 + details.criteria.length]) - entry.total!)).toBeLessThan(0.051);
      expect(number(row[2 + details.criteria.length])).toBe(entry.rank);
    }
    // Gamma 7, Alpha 8×0.6 + 5×0.25 + 3×0.15 = 6.5, Beta 6×0.6 + 9×0.25 = 5.85 → 5.9 as on the screen.
    expect(body.map((row) => row[4])).toEqual(['7.0', '6.5', '5.9']);
    // Beta misses a cell; an empty cell, not 0, says "not scored".
    expect(body[2]![3]).toBe('');
  });

  it('uses ; and a decimal comma for German, with German labels', async () => {
    const { decision, details } = await createDecision(app, owner, { name: 'Urlaub' });
    const response = await exportOf(owner, decision.id, 'csv', { language: 'de' });
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`${de.export.decision};Urlaub`);

    const rows = csvRows(response, ';');
    const matrix = section(rows, de.export.option);
    expect(matrix[0]).toEqual([de.export.option, 'Price', 'Comfort', de.export.total, de.export.rank]);
    const totals = matrix.slice(3).map((row) => [row[0], row[3]]);
    // 6 × 0.6 + 9 × 0.4 = 7.2 and 8 × 0.6 + 5 × 0.4 = 6.8, best first
    expect(totals).toEqual([
      ['Beta', '7,2'],
      ['Alpha', '6,8'],
    ]);
    expect(matrix[2]).toEqual([de.export.shareRow, '60', '40']);
    expect(details.results.ranking.map((entry) => entry.total).sort()).toEqual([6.8, 7.2]);
  });

  it('neutralises formula injection in every cell a spreadsheet could run', async () => {
    const { decision } = await createDecision(app, owner, {
      name: '=HYPERLINK("http://evil.example","click")',
      description: '@SUM(A1:A9)',
      options: ['+cmd', '-2+3'],
      criteria: [{ name: '@risk', importance: 100 }],
      evaluations: [],
    });
    const rows = csvRows(await exportOf(owner, decision.id, 'csv'));
    expect(rows[0]![1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[1]![1]).toBe(`'@SUM(A1:A9)`);
    const matrix = section(rows, en.export.option);
    expect(matrix[0]![1]).toBe(`'@risk`);
    expect(matrix.slice(3).map((row) => row[0])).toEqual([`'+cmd`, `'-2+3`]);
    // No cell anywhere starts with a formula character.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('shows dates in the requested time zone and refuses an unknown one in the caller’s language', async () => {
    const { decision } = await createDecision(app, owner);
    const berlin = csvRows(await exportOf(owner, decision.id, 'csv', { query: '?tz=Europe/Berlin' }));
    const created = berlin.find((row) => row[0] === en.export.created)![1];
    expect(created).toBe(formatDateTime(decision.created_at, 'en', 'Europe/Berlin'));
    expect(berlin.find((row) => row[0] === en.export.timeZone)![1]).toBe('Europe/Berlin');
    const utc = csvRows(await exportOf(owner, decision.id, 'csv'));
    expect(utc.find((row) => row[0] === en.export.created)![1]).toBe(
      formatDateTime(decision.created_at, 'en', 'UTC'),
    );

    for (const format of ['csv', 'pdf'] as const) {
      const refused = await exportOf(owner, decision.id, format, {
        language: 'de',
        query: '?tz=Mars/Olympus',
      });
      const body = expectApiError(refused, 400, 'VALIDATION_FAILED', { language: 'de', fields: ['tz'] });
      expect(body.fields?.tz).toBe(de.validation.timeZone);
    }
  });
});

describe('GET /api/decision/{id}/export.csv (team)', () => {
  it('has team weights, mean values, team result and each member’s weights and status, but only the reader’s own votes', async () => {
    const created = await createTeamDecision(app, owner, { name: 'Offsite' });
    const [lisbon, oslo] = created.optionIds as [number, number];
    const [cost, weather] = created.criterionIds as [number, number];
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const viewer = await addMember(app, owner, created.decision.id, 'viewer');
    await team.evaluate(editor, created.decision.id, [
      { option_id: lisbon, criterion_id: cost, value: 2 },
      { option_id: oslo, criterion_id: weather, value: 4 },
    ]);
    await team.evaluate(owner, created.decision.id, [{ option_id: lisbon, criterion_id: cost, value: 9 }]);
    await team.weights(editor, created.decision.id, [
      { criterion_id: cost, weight: 80 },
      { criterion_id: weather, weight: 30 },
    ]);
    await team.weights(owner, created.decision.id, [{ criterion_id: cost, weight: 60 }]);

    const details: DecisionDetails = await detailsOf(app, editor, created.decision.id);
    const rows = csvRows(await exportOf(editor, created.decision.id, 'csv'));

    const matrix = section(rows, en.export.option);
    // Nobody voted in full: no result yet, the team results are provisional (issue 25).
    expect(rows.find((row) => row[0] === en.export.results)).toEqual([
      en.export.results,
      en.results.noResult.no_complete_voter,
    ]);
    expect(matrix[0]).toEqual([
      en.export.option,
      'Cost',
      'Weather',
      en.results.teamResultProvisional,
      en.export.rank,
    ]);
    const teamWeights = details.teamResults!.weights;
    expect(matrix[1]).toEqual([
      en.export.teamWeightRow,
      ...details.criteria.map((c) => String(teamWeights.find((w) => w.criterion_id === c.id)!.weight)),
    ]);
    // Cost (80 + 60) / 2; Weather (30 + the owner's empty weight as the importance 40) / 2.
    expect(matrix[1]).toEqual([en.export.teamWeightRow, '70', '35']);
    expect(matrix[2]).toEqual([en.export.shareRow, '67', '33']);
    for (const [index, option] of details.options.entries()) {
      const row = matrix[3 + index]!;
      expect(row[0]).toBe(option.name);
      details.criteria.forEach((criterion, c) => {
        const cell = details.teamResults!.cells.find(
          (x) => x.option_id === option.id && x.criterion_id === criterion.id,
        );
        expect(number(row[1 + c])).toBe(cell?.value ?? null);
      });
      const ranked = details.results.ranking.find((entry) => entry.option_id === option.id)!;
      expect(number(row[3])).toBe(ranked.total);
      expect(number(row[4])).toBe(ranked.rank);
    }
    // The mean of 2 and 9; team results with the team view's two decimals (Lisbon 5.5 × 70 / 105 =
    // 3.666…, Oslo 4 × 35 / 105 = 1.333…).
    expect(matrix[3]![1]).toBe('5.5');
    expect(matrix.slice(3).map((row) => [row[0], row[3]])).toEqual([
      ['Lisbon', '3.67'],
      ['Oslo', '1.33'],
    ]);

    const members = section(rows, en.export.members);
    expect(members[1]).toEqual([en.export.member, en.export.role, en.export.status, 'Cost', 'Weather']);
    const byName = new Map(members.slice(2).map((row) => [row[0], row]));
    // Members by the display-name rule: without a nickname or name, the address's local part.
    const nameOf = (user: { email: string }) => user.email.split('@')[0]!;
    // Owner and editor scored some cells, not all: started. A viewer never counts as pending.
    expect(byName.get(nameOf(owner))).toEqual([nameOf(owner), en.roles.owner, en.export.started, '60', '']);
    expect(byName.get(nameOf(editor))).toEqual([
      nameOf(editor),
      en.roles.editor,
      en.export.started,
      '80',
      '30',
    ]);
    expect(byName.get(nameOf(viewer))).toEqual([
      nameOf(viewer),
      en.roles.viewer,
      en.export.doesNotVote,
      '',
      '',
    ]);

    // The reader's own votes only: the owner's 9 never appears as an individual vote.
    const own = section(rows, en.export.ownVotes);
    expect(own.slice(2)).toEqual([
      ['Lisbon', '2', ''],
      ['Oslo', '', '4'],
    ]);
    const viewerRows = csvRows(await exportOf(viewer, created.decision.id, 'csv'));
    expect(viewerRows.some((row) => row[0] === en.export.ownVotes)).toBe(false);
    expect(section(viewerRows, en.export.option)).toEqual(matrix);
  });

  it('names no result and prints no total of 0.00 when nobody gave a weight (issue 25)', async () => {
    // Criteria created without importances, a vote in full, no weights: every total would be 0.
    const created = await createTeamDecision(app, owner, {
      name: 'Unweighted',
      criteria: [{ name: 'Cost' }, { name: 'Weather' }],
    });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    await team.evaluate(
      editor,
      created.decision.id,
      created.optionIds.flatMap((option_id) =>
        created.criterionIds.map((criterion_id) => ({ option_id, criterion_id, value: 6 })),
      ),
    );
    const rows = csvRows(await exportOf(owner, created.decision.id, 'csv'));
    expect(rows.find((row) => row[0] === en.export.results)).toEqual([
      en.export.results,
      en.results.noResult.no_weights,
    ]);
    expect(
      section(rows, en.export.option)
        .slice(3)
        .map((row) => row[3]),
    ).toEqual(['–', '–']);
    const { text } = await pdfText(await exportOf(owner, created.decision.id, 'pdf', { language: 'de' }));
    expect(text).toContain(de.results.noResult.no_weights);
    expect(text).not.toMatch(/0,00/);
  });

  it('lists AI reasons in AI mode', async () => {
    const created = await createTeamDecision(app, owner, { name: 'KI-Entscheidung', mode: 'ai' });
    await insertAiEvaluation(app, {
      decisionId: created.decision.id,
      optionId: created.optionIds[1]!,
      criterionId: created.criterionIds[0]!,
      value: 7,
    });
    const rows = csvRows(await exportOf(owner, created.decision.id, 'csv'));
    expect(section(rows, en.export.reasons).slice(1)).toEqual([
      [en.export.option, en.export.criterion, en.export.value, en.export.reason],
      ['Oslo', 'Cost', '7', 'Suggested by the AI'],
    ]);
    const { text } = await pdfText(await exportOf(owner, created.decision.id, 'pdf'));
    expect(text).toContain('Suggested by the AI');
  });
});

describe('GET /api/decision/{id}/export.pdf', () => {
  it('is a one- or two-page report with title, options, totals and umlauts', async () => {
    const { decision, details } = await createDecision(app, owner, {
      name: 'Größte Übung: Ärger vermeiden',
      description: 'Wohin mit dem Büro?',
      options: ['Köln', 'München'],
    });
    const response = await exportOf(owner, decision.id, 'pdf', { language: 'de' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Groesste-Uebung-Aerger-vermeiden\.pdf"; filename\*=UTF-8''Gr%C3%B6%C3%9Fte/,
    );
    const { text, pages } = await pdfText(response);
    expect(pages).toBe(1);
    expect(text).toContain('Größte Übung: Ärger vermeiden');
    expect(text).toContain('Wohin mit dem Büro?');
    for (const option of ['Köln', 'München']) expect(text).toContain(option);
    for (const entry of details.results.ranking)
      expect(text).toContain(String(entry.total).replace('.', ','));
    expect(text).toContain(de.export.matrix);
    expect(text).toContain(de.details.formula.slice(0, 30));
  });

  it('keeps a 30 × 20 decision with long names on at most two pages', async () => {
    const options = Array.from(
      { length: 30 },
      (_, i) => `Option ${i + 1} with a rather long name ${'x'.repeat(80)}`,
    );
    const criteria = Array.from({ length: 20 }, (_, i) => ({ name: `Criterion ${i + 1}`, importance: 5 }));
    const evaluations = options.flatMap((_, o) =>
      criteria.map((_, c) => ({
        option_index: o,
        criterion_index: c,
        value: 1 + ((o + c) % 10),
        explanation: `Reason ${o}/${c}`,
      })),
    );
    const { decision } = await createDecision(app, owner, { name: 'Large', options, criteria, evaluations });
    const { text, pages } = await pdfText(await exportOf(owner, decision.id, 'pdf'));
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain('Option 30 with');
    expect(text).toContain('C20 = Criterion 20');
  });

  it('exports a decision without options or criteria', async () => {
    const { decision } = await createDecision(app, owner, {
      name: 'Leer',
      options: [],
      criteria: [],
      evaluations: [],
    });
    const { text, pages } = await pdfText(await exportOf(owner, decision.id, 'pdf'));
    expect(pages).toBe(1);
    expect(text).toContain(en.export.emptyMatrix);
    const rows = csvRows(await exportOf(owner, decision.id, 'csv'));
    expect(section(rows, en.export.option)).toEqual([
      [en.export.option, en.export.total, en.export.rank],
      [en.export.weightRow],
      [en.export.shareRow],
    ]);
  });

  it('shows totals with the details view’s one decimal, also when they are whole numbers', async () => {
    const { decision } = await createDecision(app, owner, {
      name: 'Whole totals',
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 5 },
        { option_index: 0, criterion_index: 1, value: 5 },
        { option_index: 1, criterion_index: 0, value: 7 },
        { option_index: 1, criterion_index: 1, value: 4 },
      ],
    });
    const { text } = await pdfText(await exportOf(owner, decision.id, 'pdf', { language: 'de' }));
    // 5 × 60 % + 5 × 40 % = 5,0 and 7 × 60 % + 4 × 40 % = 5,8, in the matrix and in the chart.
    expect(text.match(/5,0/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text.match(/5,8/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the team status and the team formula', async () => {
    const created = await createTeamDecision(app, owner, { name: 'Team PDF' });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    await team.evaluate(
      editor,
      created.decision.id,
      created.optionIds.flatMap((option_id) =>
        created.criterionIds.map((criterion_id) => ({ option_id, criterion_id, value: 8 })),
      ),
    );
    const { text } = await pdfText(await exportOf(editor, created.decision.id, 'pdf'));
    expect(text).toContain(en.export.teamStatus);
    expect(text).toContain(`${editor.email.split('@')[0]} · ${en.roles.editor} · ${en.export.voted}`);
    expect(text).toContain(`${owner.email.split('@')[0]} · ${en.roles.owner} · ${en.export.notVoted}`);
    expect(text).toContain(en.teamView.formulaResult.slice(0, 30));
  });

  it('counts the votes of the least agreed cells in words, never as a raw key (issue 25)', async () => {
    const created = await createTeamDecision(app, owner, { name: 'Split team' });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const everyCell = (value: (index: number) => number) =>
      created.optionIds.flatMap((option_id, index) =>
        created.criterionIds.map((criterion_id) => ({ option_id, criterion_id, value: value(index) })),
      );
    expect(
      (
        await team.evaluate(
          owner,
          created.decision.id,
          everyCell(() => 2),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await team.evaluate(
          editor,
          created.decision.id,
          everyCell((i) => 9 - i),
        )
      ).statusCode,
    ).toBe(200);
    for (const [language, votes] of [
      ['en', '(2 votes)'],
      ['de', '(2 Stimmen)'],
    ] as const) {
      const { text } = await pdfText(await exportOf(owner, created.decision.id, 'pdf', { language }));
      expect(text).toContain(votes);
      expect(text).not.toMatch(/\b(teamView|export|results)\.[a-zA-Z]/);
    }
  });
});

describe('exports follow the total formula: shares, ranking order, no votes yet, whole header words', () => {
  it('prints each importance with its share ("30 → 25 %") and normalised totals when they add up to 120', async () => {
    const { decision } = await createDecision(app, owner, {
      name: 'Hundertzwanzig',
      options: ['Alpha', 'Beta'],
      criteria: [
        { name: 'Price', importance: 30 },
        { name: 'Comfort', importance: 30 },
        { name: 'Space', importance: 60 },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 4 },
        { option_index: 0, criterion_index: 1, value: 4 },
        { option_index: 0, criterion_index: 2, value: 4 },
        { option_index: 1, criterion_index: 0, value: 10 },
        { option_index: 1, criterion_index: 1, value: 6 },
        { option_index: 1, criterion_index: 2, value: 9 },
      ],
    });
    const matrix = section(csvRows(await exportOf(owner, decision.id, 'csv')), en.export.option);
    expect(matrix[1]).toEqual([en.export.weightRow, '30', '30', '60']);
    expect(matrix[2]).toEqual([en.export.shareRow, '25', '25', '50']);
    // Beta (10×30 + 6×30 + 9×60) / 120 = 8.5 on the 1–10 scale (not 10.2); Alpha 4.
    expect(matrix.slice(3).map((row) => [row[0], row[4], row[5]])).toEqual([
      ['Beta', '8.5', '1'],
      ['Alpha', '4.0', '2'],
    ]);
    const { text } = await pdfText(await exportOf(owner, decision.id, 'pdf'));
    expect(text).toContain('30 → 25 %');
    expect(text).toContain('60 → 50 %');
    expect(text).toContain('8.5');
    expect(text).toContain(en.details.formula.slice(0, 40));
  });

  it('says "no votes yet" for team options nobody voted on, ranked last, never 0.00', async () => {
    const created = await createTeamDecision(app, owner, { name: 'Noch offen' });
    const rowsBefore = section(csvRows(await exportOf(owner, created.decision.id, 'csv')), en.export.option);
    expect(rowsBefore.slice(3).map((row) => [row[0], row[3], row[4]])).toEqual([
      ['Lisbon', en.results.noVotesYet, ''],
      ['Oslo', en.results.noVotesYet, ''],
    ]);
    const before = await pdfText(await exportOf(owner, created.decision.id, 'pdf', { language: 'de' }));
    expect(before.text).toContain(de.results.noVotesYet);
    expect(before.text).not.toContain('0,00');

    const editor = await addMember(app, owner, created.decision.id, 'editor');
    await team.evaluate(editor, created.decision.id, [
      { option_id: created.optionIds[1], criterion_id: created.criterionIds[0], value: 7 },
    ]);
    const rowsAfter = section(csvRows(await exportOf(owner, created.decision.id, 'csv')), en.export.option);
    // Oslo 7 × 60 / 100 = 4.2 comes first; Lisbon still has no votes and stays last, unranked.
    expect(rowsAfter.slice(3).map((row) => [row[0], row[3], row[4]])).toEqual([
      ['Oslo', '4.20', '1'],
      ['Lisbon', en.results.noVotesYet, ''],
    ]);
  });

  it('never breaks a PDF column header inside a word: it shrinks, wraps at spaces or uses the legend', async () => {
    const words = ['Zuverlässigkeit', 'Wirtschaftlichkeit', 'Umweltverträglichkeit'];
    const { decision } = await createDecision(app, owner, {
      name: 'Lange Wörter',
      options: ['Alpha', 'Beta'],
      criteria: [
        { name: 'Zuverlässigkeit', importance: 20 },
        { name: 'Kosten und Wirtschaftlichkeit', importance: 30 },
        { name: 'Umweltverträglichkeit der Herstellung', importance: 25 },
        { name: 'Preis', importance: 25 },
      ],
      evaluations: [],
    });
    const { text } = await pdfText(await exportOf(owner, decision.id, 'pdf', { language: 'de' }));
    // Each long word appears whole (a break inside it would split it over two lines of text).
    for (const word of words) expect(text, word).toContain(word);
    expect(text).toContain(de.export.total);
  });
});

describe('export permissions follow the details permissions', () => {
  let fixture: {
    privateId: number;
    publicId: number;
    teamId: number;
    viewer: SignedInUser;
    /** Removed from the team decision before the exports. */
    removed: SignedInUser;
  };
  beforeAll(async () => {
    const { decision: privateDecision } = await createDecision(app, owner, { type: 'private' });
    const { decision: publicDecision } = await createDecision(app, owner, { type: 'public' });
    const teamDecision = (await createTeamDecision(app, owner)).decision;
    const viewer = await addMember(app, owner, teamDecision.id, 'viewer');
    const removed = await addMember(app, owner, teamDecision.id, 'editor');
    expect((await team.removeMember(owner, teamDecision.id, removed.user.id)).statusCode).toBe(200);
    fixture = {
      privateId: privateDecision.id,
      publicId: publicDecision.id,
      teamId: teamDecision.id,
      viewer,
      removed,
    };
  });

  type Fixture = typeof fixture;
  const CALLERS: [string, (f: Fixture) => SignedInUser, (f: Fixture) => number, 200 | 404][] = [
    ['owner, private', () => owner, (f) => f.privateId, 200],
    ['stranger, private', () => stranger, (f) => f.privateId, 404],
    ['stranger, public', () => stranger, (f) => f.publicId, 200],
    ['viewer, team', (f) => f.viewer, (f) => f.teamId, 200],
    ['stranger, team', () => stranger, (f) => f.teamId, 404],
    ['removed member, team', (f) => f.removed, (f) => f.teamId, 404],
    ['owner, missing', () => owner, () => 999_999, 404],
  ];

  describe.each(['csv', 'pdf'] as const)('export.%s', (format) => {
    it.each(CALLERS)(
      '%s answers as details does, and a refusal changes nothing',
      async (label, caller, id, status) => {
        const details = await team.details(caller(fixture), id(fixture));
        expect(details.statusCode, label).toBe(status);
        const response = await expectNothingChanged(app, () =>
          exportOf(caller(fixture), id(fixture), format),
        );
        expect(response.statusCode, `${label} ${format}`).toBe(status);
        if (status === 404) expectApiError(response, 404, 'NOT_FOUND');
      },
    );

    it('answers an anonymous caller with 401', async () => {
      expectApiError(await exportOf(undefined, fixture.privateId, format), 401, 'UNAUTHORIZED');
    });
  });
});

describe('export rate limit', () => {
  it('refuses more than the per-minute exports from one address with 429', async () => {
    const { decision } = await createDecision(app, owner);
    const fromAddress = () =>
      app.inject({
        method: 'GET',
        url: `/api/decision/${decision.id}/export.csv`,
        headers: owner.headers,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < LIMITS.export.perMinute; i++) expect((await fromAddress()).statusCode).toBe(200);
    expectApiError(await fromAddress(), 429, 'RATE_LIMITED');
  });
});
