import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import type { Snapshot } from '../../../shared/api/snapshots.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, setNickname } from '../../test/decision-factories.ts';
import { csvRows, csvSection, pdfText } from '../../test/export-files.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { detailsOf, teamApi } from '../../test/team-factories.ts';
import { formatDateTime } from './format.ts';
import { EXPORT_HISTORY_MAX } from './service.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const team = teamApi(() => app);
let owner: SignedInUser;

beforeAll(async () => {
  owner = await createSignedInUser(app);
  await setNickname(app, owner, 'Olga');
});

function exportOf(
  caller: SignedInUser,
  decisionId: number,
  format: 'csv' | 'pdf',
  language: 'en' | 'de' = 'en',
) {
  return app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/export.${format}?tz=Europe/Berlin`,
    headers: { ...caller.headers, 'accept-language': language },
  });
}

const title = (language: 'en' | 'de', at: string) =>
  (language === 'en' ? en : de).export.frozenResult.replace(
    '{{date}}',
    formatDateTime(at, language, 'Europe/Berlin'),
  );

/** A team decision the editor voted Oslo ahead in (Oslo 8, Lisbon 4), voting ended by the owner. */
async function endedTeam(options: Parameters<typeof teamWithRoles>[2] = {}) {
  const created = await teamWithRoles(app, owner, { name: 'Offsite', ...options });
  const [, oslo] = created.optionIds as [number, number];
  const votes = fullVote(created, 4).map((cell) => (cell.option_id === oslo ? { ...cell, value: 8 } : cell));
  expect((await team.evaluate(created.editor, created.decision.id, votes)).statusCode).toBe(200);
  expect((await team.endVoting(owner, created.decision.id)).statusCode).toBe(200);
  const snapshots = await app.inject({
    method: 'GET',
    url: `/api/decision/${created.decision.id}/snapshots`,
    headers: owner.headers,
  });
  const [frozen] = snapshots.json<Snapshot[]>();
  return { ...created, frozen: frozen! };
}

describe('the result when voting ended in the exports (issue 30)', () => {
  it('CSV: its own section with the frozen ranking, in English and German, and no note while it still holds', async () => {
    const { decision, viewer, frozen } = await endedTeam();
    const rows = csvRows(await exportOf(viewer, decision.id, 'csv'));
    expect(csvSection(rows, title('en', frozen.at))).toEqual([
      [title('en', frozen.at)],
      ['1 of 3 have voted'],
      [en.export.rank, en.export.option, en.export.teamResult],
      ['1', 'Oslo', '8.00'],
      ['2', 'Lisbon', '4.00'],
    ]);
    expect(rows.some((row) => row[0] === en.export.frozenResultDiffers)).toBe(false);

    const german = csvRows(await exportOf(viewer, decision.id, 'csv', 'de'), ';');
    expect(csvSection(german, title('de', frozen.at))).toContainEqual(['1', 'Oslo', '8,00']);
  });

  it(
    'PDF: "Result when voting ended (date)" with the ranking, and a note once the live matrix differs',
    { timeout: 60_000 },
    async () => {
      const { decision, editor, frozen } = await endedTeam();
      const before = (await pdfText(await exportOf(editor, decision.id, 'pdf'))).text;
      expect(before).toContain(title('en', frozen.at));
      expect(before).toContain('1. Oslo: 8.00');
      expect(before).toContain('2. Lisbon: 4.00');
      expect(before).not.toContain(en.export.frozenResultDiffers);

      // The live matrix moves away from what was frozen (as after an account deletion): here by hand,
      // changing the stored total, since after the end no request may change the votes.
      const [row] = await app.database.db
        .selectFrom('decision_snapshots')
        .select(['id', 'result'])
        .where('decision_id', '=', decision.id)
        .execute();
      const stored = JSON.parse(row!.result) as { ranking: { total: number }[] };
      stored.ranking[0]!.total = 9;
      await app.database.db
        .updateTable('decision_snapshots')
        .set({ result: JSON.stringify(stored) })
        .where('id', '=', row!.id)
        .execute();
      expect((await detailsOf(app, editor, decision.id)).frozen_result_differs).toBe(true);
      const after = (await pdfText(await exportOf(editor, decision.id, 'pdf'))).text;
      expect(after.replace(/\s+/g, ' ')).toContain(en.export.frozenResultDiffers);
      expect(after).toContain('1. Oslo: 9.00');
      const csv = csvRows(await exportOf(editor, decision.id, 'csv'));
      expect(csvSection(csv, title('en', frozen.at))[1]).toEqual([en.export.frozenResultDiffers]);
    },
  );

  it(
    'has no such section while voting is open, also where results are hidden until it ends',
    { timeout: 60_000 },
    async () => {
      const created = await teamWithRoles(app, owner, { results_visibility: 'after_close' });
      const votes = fullVote(created, 6);
      expect((await team.evaluate(created.editor, created.decision.id, votes)).statusCode).toBe(200);
      for (const member of [owner, created.editor, created.viewer]) {
        const csv = (await exportOf(member, created.decision.id, 'csv')).body;
        expect(csv).not.toContain(en.export.frozenResult.split(' (')[0]);
        const pdf = (await pdfText(await exportOf(member, created.decision.id, 'pdf'))).text;
        expect(pdf).not.toContain(en.export.frozenResult.split(' (')[0]);
      }
    },
  );
});

describe('the history in the exports (issue 30)', () => {
  it('CSV: a history section (date, who, what), newest first, in the export’s language', async () => {
    const { decision, editor } = await endedTeam();
    const rows = csvRows(await exportOf(editor, decision.id, 'csv'));
    const section = csvSection(rows, en.export.history);
    expect(section[1]).toEqual([en.export.historyDate, en.export.historyActor, en.export.historyEntry]);
    const entries = section.slice(2);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    // Newest first: voting ended by Olga, before it the editor's vote; the oldest is the creation.
    expect(entries[0]![1]).toBe('Olga');
    expect(entries[0]![2]).toMatch(/^Olga /);
    expect(entries.some((entry) => /\(4 cells\)/.test(entry[2]!))).toBe(true);
    expect(entries.at(-1)![1]).toBe('Olga');
    for (const entry of entries) expect(entry[0]).toMatch(/\d{4}/);

    const german = csvSection(
      csvRows(await exportOf(editor, decision.id, 'csv', 'de'), ';'),
      de.export.history,
    );
    expect(german[1]).toEqual([de.export.historyDate, de.export.historyActor, de.export.historyEntry]);
    expect(german.slice(2).some((entry) => /\(4 Zellen\)/.test(entry[2]!))).toBe(true);
  });

  it('never shows a vote’s values while results are hidden from the reader', async () => {
    const created = await teamWithRoles(app, owner, { results_visibility: 'after_close' });
    const votes = fullVote(created, 7);
    expect((await team.evaluate(created.editor, created.decision.id, votes)).statusCode).toBe(200);
    const csv = csvRows(await exportOf(created.viewer, created.decision.id, 'csv'));
    const entries = csvSection(csv, en.export.history).slice(2);
    expect(entries.some((entry) => /\(4 cells\)/.test(entry[2]!))).toBe(true);
    for (const entry of entries) expect(entry[2]).not.toMatch(/\b7\b/);
  });

  it(
    'carries at most the newest 50 entries; the PDF prints them as sentences',
    { timeout: 60_000 },
    async () => {
      const { decision } = await createDecision(app, owner, { name: 'Busy' });
      for (let index = 0; index < EXPORT_HISTORY_MAX + 3; index++) {
        const response = await app.inject({
          method: 'PUT',
          url: `/api/decision/${decision.id}`,
          payload: {
            name: `Busy ${index}`,
            options: ['Alpha', 'Beta'],
            criteria: [
              { name: 'Price', importance: 60 },
              { name: 'Comfort', importance: 40 },
            ],
            evaluations: [
              { option_index: 0, criterion_index: 0, value: 8 },
              { option_index: 0, criterion_index: 1, value: 5 },
              { option_index: 1, criterion_index: 0, value: 6 },
              { option_index: 1, criterion_index: 1, value: 9 },
            ],
          },
          headers: owner.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const entries = csvSection(csvRows(await exportOf(owner, decision.id, 'csv')), en.export.history).slice(
        2,
      );
      expect(entries).toHaveLength(EXPORT_HISTORY_MAX);
      expect(entries[0]![2]).toContain(`Busy ${EXPORT_HISTORY_MAX + 2}`);
      const { text } = await pdfText(await exportOf(owner, decision.id, 'pdf'));
      expect(text).toContain(en.export.history);
      expect(text).toContain(`Busy ${EXPORT_HISTORY_MAX + 2}`);
    },
  );
});
