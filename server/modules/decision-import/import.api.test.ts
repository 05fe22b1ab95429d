import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  importedFactsOf,
  importPreviewSchema,
  type ImportPreview,
} from '../../../shared/api/decision-import.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { countAllRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fileUpload, multipartBody } from '../../test/multipart.ts';
import { detailsOf } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const URL = '/api/decision/import/preview';

let owner: SignedInUser;
beforeAll(async () => {
  owner = await createSignedInUser(app);
});

type Language = 'en' | 'de';

function uploadFile(content: Buffer | string, filename: string, language: Language = 'en', caller = owner) {
  const { payload, headers } = fileUpload(content, filename, 'application/octet-stream');
  return app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: { ...headers, ...caller.headers, 'accept-language': language },
  });
}

function paste(text: string, language: Language = 'en', query = '') {
  return app.inject({
    method: 'POST',
    url: `${URL}${query}`,
    payload: { text },
    headers: { ...owner.headers, 'accept-language': language },
  });
}

function previewOf(response: LightMyRequestResponse): ImportPreview {
  expect(response.statusCode, response.body).toBe(200);
  return importPreviewSchema.parse(response.json());
}

/** A preview must save nothing: every table is as it was. */
async function previewSavingNothing(send: () => Promise<LightMyRequestResponse>): Promise<ImportPreview> {
  return previewOf(await expectNothingChanged(app, send));
}

const LAPTOPS_CSV = 'Laptop,Price,Battery\nWeight,60,40\nAlpha,7,9\nBeta,8,\n';
const LAPTOPS = {
  options: ['Alpha', 'Beta'],
  criteria: [
    { name: 'Price', importance: 60 },
    { name: 'Battery', importance: 40 },
  ],
  evaluations: [
    { option_index: 0, criterion_index: 0, value: 7 },
    { option_index: 0, criterion_index: 1, value: 9 },
    { option_index: 1, criterion_index: 0, value: 8 },
  ],
  warnings: [],
};

describe('POST /api/decision/import/preview: what it reads', () => {
  it('reads a CSV file, names the decision after the file, and saves nothing', async () => {
    const preview = await previewSavingNothing(() => uploadFile(LAPTOPS_CSV, 'Laptops 2025.csv'));
    expect(preview).toEqual({ name: 'Laptops 2025', ...LAPTOPS });
  });

  it('reads a TSV file', async () => {
    const preview = previewOf(await uploadFile(LAPTOPS_CSV.replaceAll(',', '\t'), 'laptops.tsv'));
    expect(preview).toEqual({ name: 'laptops', ...LAPTOPS });
  });

  it('reads an XLSX file written by a spreadsheet library, formulas as their cached values', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Laptops');
    sheet.addRow(['Laptop', 'Price', 'Battery']);
    sheet.addRow(['Unit', '€', 'h']);
    sheet.addRow(['Direction', 'lower', 'higher']);
    sheet.addRow(['Weight', 60, 40]);
    sheet.addRow(['Alpha', 1299.5, { formula: 'B5/100', result: 9 }]);
    // A formula whose cached value differs from what it would compute: the cached one counts.
    sheet.addRow(['Beta', { formula: 'SUM(B5:B5)', result: 999 }, 12]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await previewSavingNothing(() => uploadFile(file, 'Laptops.xlsx'));
    expect(preview).toEqual({
      name: 'Laptops',
      options: ['Alpha', 'Beta'],
      criteria: [
        { name: 'Price', importance: 60, kind: 'measure', unit: '€', direction: 'lower' },
        { name: 'Battery', importance: 40, kind: 'measure', unit: 'h', direction: 'higher' },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, measure: 1299.5 },
        { option_index: 0, criterion_index: 1, measure: 9 },
        { option_index: 1, criterion_index: 0, measure: 999 },
        { option_index: 1, criterion_index: 1, measure: 12 },
      ],
      warnings: [],
    });
  });

  it('reads pasted cells (JSON text, tab-separated) and names the decision "Imported decision" in the caller’s language', async () => {
    const text = '\tPrice\tBattery\r\nWeight\t60\t40\r\nAlpha\t7\t9\r\nBeta\t8\t\r\n';
    expect(await previewSavingNothing(() => paste(text))).toEqual({ name: 'Imported decision', ...LAPTOPS });
    expect((await previewSavingNothing(() => paste(text, 'de'))).name).toBe('Importierte Entscheidung');
  });

  it('reads German numbers for a German caller and warns in the caller’s language with the cell’s row and column', async () => {
    const text =
      'Wohnung;Miete;Lage\nGewichtung;70,5;29,5\nEinheit;€;\nRichtung;niedriger;\nAltbau;1.299,50;8\nNeubau;1.450;gut\n';
    const german = previewOf(await paste(text, 'de'));
    expect(german.criteria).toEqual([
      { name: 'Miete', importance: 70.5, kind: 'measure', unit: '€', direction: 'lower' },
      { name: 'Lage', importance: 29.5 },
    ]);
    expect(german.evaluations).toEqual([
      { option_index: 0, criterion_index: 0, measure: 1299.5 },
      { option_index: 0, criterion_index: 1, value: 8 },
      { option_index: 1, criterion_index: 0, measure: 1450 },
    ]);
    expect(german.warnings).toEqual([
      { row: 6, column: 3, message: de.import.warning.numberUnreadable.replace('{{text}}', 'gut') },
    ]);

    // For an English caller "1.450" is one comma four five, and "70,5" cannot be read for sure.
    const english = previewOf(await paste(text, 'en'));
    expect(english.evaluations).toContainEqual({ option_index: 1, criterion_index: 0, measure: 1.45 });
    expect(english.warnings).toContainEqual({
      row: 2,
      column: 2,
      message: en.import.warning.numberAmbiguous.replace('{{text}}', '70,5'),
    });
  });

  it('holds score cells to the personal scale, and to the team scale with target=team', async () => {
    const text = '\tLooks\nWeight\t100\nA\t0\n';
    const personal = previewOf(await paste(text));
    expect(personal.evaluations).toEqual([]);
    expect(personal.warnings).toEqual([
      {
        row: 3,
        column: 2,
        message: en.import.warning.scoreOutsideScale
          .replace('{{text}}', '0')
          .replace('{{min}}', '1')
          .replace('{{max}}', '10'),
      },
    ]);
    const team = previewOf(await paste(text, 'en', '?target=team'));
    expect(team.evaluations).toEqual([{ option_index: 0, criterion_index: 0, value: 0 }]);
  });
});

describe('POST /api/decision/import/preview: refusals change nothing', () => {
  it('answers 413 for a file over 2 MB and for pasted text over 2 MB', async () => {
    const big = `x,A\n${'Option,5\n'.repeat(Math.ceil(LIMITS.import.maxBytes / 9) + 1)}`;
    const file = await expectNothingChanged(app, () => uploadFile(big, 'big.csv', 'de'));
    expectApiError(file, 413, 'PAYLOAD_TOO_LARGE', { language: 'de', fields: ['file'] });
    expect(file.json<{ fields: { file: string } }>().fields.file).toBe(de.import.fileTooLarge);
    const text = await expectNothingChanged(app, () => paste(big));
    expectApiError(text, 413, 'PAYLOAD_TOO_LARGE', { fields: ['text'] });
  });

  it.each([
    ['a PNG picture', Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), 'picture.png'],
    [
      'a broken XLSX file',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]),
      'broken.xlsx',
    ],
    ['a sentence', Buffer.from('Just a sentence, nothing else.'), 'notes.txt'],
    ['an empty file', Buffer.alloc(0), 'empty.csv'],
  ])('answers 400 IMPORT_NOT_A_TABLE for %s, in the caller’s language', async (_, content, filename) => {
    for (const language of ['en', 'de'] as const) {
      const response = await expectNothingChanged(app, () => uploadFile(content, filename, language));
      expectApiError(response, 400, 'IMPORT_NOT_A_TABLE', { language });
    }
  });

  it('answers 400 naming the limit for more option rows or criterion columns than a decision may have', async () => {
    const { maxOptions, maxCriteria } = LIMITS.decision;
    const rows = ['\tA', ...Array.from({ length: maxOptions + 1 }, (_, i) => `Option ${i}\t5`)].join('\n');
    const options = await expectNothingChanged(app, () => paste(rows));
    expectApiError(options, 400, 'VALIDATION_FAILED', { fields: ['options'] });
    expect(options.json<{ fields: { options: string } }>().fields.options).toBe(
      `A decision can have at most ${maxOptions} options; the table has ${maxOptions + 1} option rows.`,
    );

    const header = ['', ...Array.from({ length: maxCriteria + 1 }, (_, i) => `C${i}`)].join(';');
    const criteria = await expectNothingChanged(app, () => uploadFile(`${header}\nX;1\n`, 'wide.csv', 'de'));
    expectApiError(criteria, 400, 'VALIDATION_FAILED', { language: 'de', fields: ['criteria'] });
    expect(criteria.json<{ fields: { criteria: string } }>().fields.criteria).toContain(
      `höchstens ${maxCriteria} Kriterien`,
    );
  });

  it('answers 400 for a multipart body without the file field and for JSON without text; 401 without a session', async () => {
    const other = multipartBody([{ name: 'attachment', filename: 'a.csv', content: LAPTOPS_CSV }]);
    const noFile = await app.inject({
      method: 'POST',
      url: URL,
      payload: other.payload,
      headers: { ...other.headers, ...owner.headers },
    });
    expectApiError(noFile, 400, 'VALIDATION_FAILED', { fields: ['file'] });
    expectApiError(
      await app.inject({ method: 'POST', url: URL, payload: {}, headers: owner.headers }),
      400,
      'VALIDATION_FAILED',
      {
        fields: ['text'],
      },
    );
    const anonymous = await app.inject({ method: 'POST', url: URL, payload: { text: LAPTOPS_CSV } });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
  });

  it(`limits previews to ${LIMITS.import.perUserPerMinute} per user and minute (429), others unaffected`, async () => {
    const busy = await createSignedInUser(app);
    const send = (caller: SignedInUser) =>
      app.inject({ method: 'POST', url: URL, payload: { text: LAPTOPS_CSV }, headers: caller.headers });
    for (let i = 0; i < LIMITS.import.perUserPerMinute; i++) expect((await send(busy)).statusCode).toBe(200);
    expectApiError(await send(busy), 429, 'RATE_LIMITED');
    expect((await send(owner)).statusCode).toBe(200);
  });
});

/** What a decision is, independent of ids and order: options, criteria, values and totals by name. */
function essenceOf(details: DecisionDetails) {
  const optionName = new Map(details.options.map((option) => [option.id, option.name]));
  const criterionName = new Map(details.criteria.map((criterion) => [criterion.id, criterion.name]));
  return {
    options: details.options.map((option) => option.name).sort(),
    criteria: details.criteria.map((criterion) => ({
      name: criterion.name,
      importance: criterion.importance,
      kind: criterion.kind,
      unit: criterion.unit,
      direction: criterion.direction,
      worst: criterion.worst,
      best: criterion.best,
    })),
    values: Object.fromEntries(
      details.evaluations.map((evaluation) => [
        `${optionName.get(evaluation.option_id)} × ${criterionName.get(evaluation.criterion_id)}`,
        evaluation.value,
      ]),
    ),
    measures: Object.fromEntries(
      details.evaluations.map((evaluation) => [
        `${optionName.get(evaluation.option_id)} × ${criterionName.get(evaluation.criterion_id)}`,
        evaluation.measure,
      ]),
    ),
    totals: Object.fromEntries(
      details.results.ranking.map((row) => [optionName.get(row.option_id), row.total]),
    ),
  };
}

describe('the CSV export imports back into an equal decision (score criteria)', () => {
  it.each(['en', 'de'] as const)(
    'in %s: export → preview → create gives the same options, criteria, values and totals',
    async (language) => {
      const { decision, details } = await createDecision(app, owner, {
        name: language === 'de' ? 'Wohnungen: Größe zählt' : 'Flats, finally',
        options: ['Altbau', 'Neubau', '-Loft', 'Hütte'],
        criteria: [
          { name: 'Miete', importance: 45.5 },
          { name: 'Lage', importance: 33.3 },
          { name: 'Größe', importance: 21.2 },
        ],
        evaluations: [
          { option_index: 0, criterion_index: 0, value: 8 },
          { option_index: 0, criterion_index: 1, value: 5 },
          { option_index: 0, criterion_index: 2, value: 6 },
          { option_index: 1, criterion_index: 0, value: 4 },
          { option_index: 1, criterion_index: 1, value: 9 },
          { option_index: 2, criterion_index: 0, value: 10 },
          { option_index: 2, criterion_index: 2, value: 1 },
        ],
      });
      const exported = await app.inject({
        method: 'GET',
        url: `/api/decision/${decision.id}/export.csv`,
        headers: { ...owner.headers, 'accept-language': language },
      });
      expect(exported.statusCode).toBe(200);
      if (language === 'de') expect(exported.body).toContain(';45,5;');

      const preview = await previewSavingNothing(() =>
        uploadFile(exported.rawPayload, `${decision.name}.csv`, language),
      );
      expect(preview.warnings).toEqual([]);
      const { warnings: _warnings, ...payload } = preview;
      const created = await api.create(owner, payload);
      expect(created.statusCode, created.body).toBe(201);
      const copy = await api.details(owner, created.json<{ id: number }>().id);
      expect(essenceOf(copy.json<DecisionDetails>())).toEqual(essenceOf(details));
      expect(copy.json<DecisionDetails>().decision.name).toBe(decision.name);
    },
  );
});

describe('the CSV export imports back into an equal decision (measured criteria, issue 31)', () => {
  it.each(['en', 'de'] as const)(
    'in %s: export → preview → create keeps kind, unit, direction, worst, best, raw values, scores and totals',
    async (language) => {
      const { decision, details } = await createDecision(app, owner, {
        name: language === 'de' ? 'Laptops für’s Büro' : 'Laptops, measured',
        options: ['Aero', 'Brick', 'Carbon'],
        criteria: [
          {
            name: 'Price',
            importance: 45.5,
            kind: 'measure',
            unit: '€',
            direction: 'lower',
            worst: 1800.5,
            best: 900,
          },
          { name: 'Battery', importance: 30, kind: 'measure', unit: 'h', direction: 'higher' },
          { name: 'Looks', importance: 24.5 },
        ],
        evaluations: [
          { option_index: 0, criterion_index: 0, measure: 1299.99 },
          { option_index: 1, criterion_index: 0, measure: 999 },
          { option_index: 2, criterion_index: 0, measure: 1650 },
          { option_index: 0, criterion_index: 1, measure: 10.5 },
          { option_index: 1, criterion_index: 1, measure: 6 },
          { option_index: 2, criterion_index: 1, measure: 14 },
          { option_index: 0, criterion_index: 2, value: 7 },
          { option_index: 2, criterion_index: 2, value: 3 },
        ],
      });
      expect(details.criteria[0]).toMatchObject({ kind: 'measure', unit: '€', worst: 1800.5, best: 900 });
      expect(details.criteria[1]).toMatchObject({ kind: 'measure', direction: 'higher', worst: null });
      const exported = await app.inject({
        method: 'GET',
        url: `/api/decision/${decision.id}/export.csv`,
        headers: { ...owner.headers, 'accept-language': language },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain(language === 'de' ? 'Einheit;€;h;' : 'Unit,€,h,');
      if (language === 'de') expect(exported.body).toContain('1299,99');

      const preview = await previewSavingNothing(() =>
        uploadFile(exported.rawPayload, `${decision.name}.csv`, language),
      );
      expect(preview.warnings).toEqual([]);
      const { warnings: _warnings, ...payload } = preview;
      const created = await api.create(owner, payload);
      expect(created.statusCode, created.body).toBe(201);
      const copy = await api.details(owner, created.json<{ id: number }>().id);
      expect(essenceOf(copy.json<DecisionDetails>())).toEqual(essenceOf(details));
      expect(essenceOf(details).measures['Aero × Price']).toBe(1299.99);
    },
  );
});

describe('a team import carries measured values as facts (issue 31)', () => {
  it('creates the team decision with measured criteria, then the owner’s PUT saves the raw values as facts', async () => {
    const preview = previewOf(
      await paste(
        'Laptop\tPrice\tBattery\tLooks\nUnit\t€\th\t\nDirection\tlower\thigher\t\nWorst\t1800\t\t\n' +
          'Aero\t1,299 €\t10\t7\nBrick\t999\t6\t4\n',
        'en',
        '?target=team',
      ),
    );
    // The requests the import screen sends: the create with options and criteria, then the facts.
    const created = await app.inject({
      method: 'POST',
      url: '/api/team-decisions',
      payload: {
        name: 'Team laptops',
        options: preview.options.map((name) => ({ name })),
        criteria: preview.criteria,
      },
      headers: owner.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const facts = { facts: importedFactsOf(preview) };
    expect(facts.facts).toHaveLength(4);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/team-decisions/${id}`,
      payload: facts,
      headers: owner.headers,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const details = await detailsOf(app, owner, id);
    expect(
      details.criteria.map(({ name, kind, unit, direction, worst, best }) => ({
        name,
        kind,
        unit,
        direction,
        worst,
        best,
      })),
    ).toEqual([
      { name: 'Price', kind: 'measure', unit: '€', direction: 'lower', worst: 1800, best: null },
      { name: 'Battery', kind: 'measure', unit: 'h', direction: 'higher', worst: null, best: null },
      { name: 'Looks', kind: 'score', unit: null, direction: null, worst: null, best: null },
    ]);
    const measures = essenceOf(details).measures;
    expect(measures).toMatchObject({
      'Aero × Price': 1299,
      'Brick × Price': 999,
      'Aero × Battery': 10,
      'Brick × Battery': 6,
    });
    // Score cells stay behind: members vote on them.
    expect(Object.keys(measures).some((cell) => cell.endsWith('Looks'))).toBe(false);
  });
});

describe('nothing is saved on any path', () => {
  it('leaves the row counts as they were after every preview above', async () => {
    const before = await countAllRows(app);
    previewOf(await paste(LAPTOPS_CSV));
    expect(await countAllRows(app)).toEqual(before);
  });
});
