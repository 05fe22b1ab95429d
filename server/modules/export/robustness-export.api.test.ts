import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, workedExample } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';
import { csvRows, csvSection, pdfText } from '../../test/export-files.ts';

// Issue 17: the exports carry how solid the result is: the PDF the label, the sentence and the win
// probabilities; the CSV the flip points of every criterion too. Nothing of it while results are hidden.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
let owner: SignedInUser;
const team = teamApi(() => app);

beforeAll(async () => {
  owner = await createSignedInUser(app);
});

const exportOf = (caller: SignedInUser, id: number, format: 'csv' | 'pdf', language: 'en' | 'de' = 'en') =>
  app.inject({
    method: 'GET',
    url: `/api/decision/${id}/export.${format}`,
    headers: { ...caller.headers, 'accept-language': language },
  });

/** The worked example of issue 17, with a must-have on Service that C (6, 6, 4) misses. */
async function workedExampleWithMustHave() {
  return createDecision(
    app,
    owner,
    workedExample(
      [
        [8, 5, 6],
        [5, 9, 8],
        [6, 6, 4],
      ],
      {
        criteria: [
          { name: 'Price', importance: 50 },
          { name: 'Quality', importance: 30 },
          { name: 'Service', importance: 20, minimum: 5 },
        ],
      },
    ),
  );
}

describe('robustness in the exports', () => {
  it('CSV: label and sentence, win probabilities, the knocked-out option and every flip point', async () => {
    const { decision } = await workedExampleWithMustHave();
    const rows = csvRows(await exportOf(owner, decision.id, 'csv'));
    const section = csvSection(rows, 'How solid is this result?');
    expect(section[1]).toEqual(['Fragile', 'A takes the lead if Price counts 51.6 % instead of 50 %.']);
    const winRows = section.slice(section.findIndex((row) => row[0] === 'Option') + 1);
    expect(winRows[0]![0]).toBe('B');
    expect(winRows[1]![0]).toBe('A');
    expect(Number(winRows[0]![1]) + Number(winRows[1]![1])).toBeCloseTo(100, 1);
    expect(section).toContainEqual(['C', 'Service 4 is below the minimum 5']);
    const flips = section.slice(section.findIndex((row) => row[0] === 'Flip points') + 2);
    expect(flips).toEqual([
      ['Price', '50', '51.6', 'A', '', ''],
      ['Quality', '30', '', '', '28.2', 'A'],
      ['Service', '20', '', '', '15.8', 'A'],
    ]);
  });

  it('CSV in German: semicolons, decimal commas and the German sentence', async () => {
    const { decision } = await workedExampleWithMustHave();
    const rows = csvRows(await exportOf(owner, decision.id, 'csv', 'de'), ';');
    const section = csvSection(rows, 'Wie belastbar ist dieses Ergebnis?');
    expect(section[1]).toEqual(['Wackelig', 'A liegt vorn, wenn Price mit 51,6 % statt 50 % zählt.']);
    expect(section).toContainEqual(['Price', '50', '51,6', 'A', '', '']);
  });

  it('PDF: the label, the sentence and the win probabilities', async () => {
    const { decision } = await workedExampleWithMustHave();
    const { text, pages } = await pdfText(await exportOf(owner, decision.id, 'pdf'));
    expect(pages).toBeLessThanOrEqual(2);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('How solid is this result?');
    expect(flat).toContain('Fragile: A takes the lead if Price counts 51.6 % instead of 50 %.');
    expect(flat).toContain('Win probability over 2000 variations');
    expect(flat).toMatch(/Knocked out: C \(Service 4 is below the minimum 5\)/);
  });

  it('says nothing about robustness while team results are hidden from the reader', async () => {
    const created = await createTeamDecision(app, owner, { results_visibility: 'after_close' });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    // A vote in full: once voting ended there is a result, and so something to say about it.
    const vote = await team.evaluate(
      editor,
      created.decision.id,
      created.optionIds.flatMap((option_id, index) =>
        created.criterionIds.map((criterion_id) => ({ option_id, criterion_id, value: 7 - index })),
      ),
    );
    expect(vote.statusCode, vote.body).toBe(200);
    for (const caller of [owner, editor]) {
      const csv = (await exportOf(caller, created.decision.id, 'csv')).body;
      expect(csv).not.toContain('How solid is this result?');
      expect(csv).not.toContain('Flip points');
      const { text } = await pdfText(await exportOf(caller, created.decision.id, 'pdf'));
      expect(text).not.toContain('How solid');
    }
    expect((await team.endVoting(owner, created.decision.id)).statusCode).toBe(200);
    expect((await exportOf(editor, created.decision.id, 'csv')).body).toContain('Flip points');
  });
});
