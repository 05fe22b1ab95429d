import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, setNickname, setProfile } from '../../test/decision-factories.ts';
import { csvRows, csvSection, pdfText } from '../../test/export-files.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { teamApi } from '../../test/team-factories.ts';
import { formatDateTime } from './format.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);
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

/** A team decision the editor voted Oslo ahead in; voting ended; the admin (Ada) chose Lisbon. */
async function decidedAgainstTheLeader() {
  const created = await teamWithRoles(app, owner, { name: 'Offsite' });
  const [lisbon, oslo] = created.optionIds as [number, number];
  await setProfile(app, created.admin, { first_name: 'Ada', last_name: 'Lovelace' });
  const votes = fullVote(created, 4).map((cell) => (cell.option_id === oslo ? { ...cell, value: 9 } : cell));
  expect((await team.evaluate(created.editor, created.decision.id, votes)).statusCode).toBe(200);
  expect((await team.endVoting(owner, created.decision.id)).statusCode).toBe(200);
  const recorded = await lifecycle.recordOutcome(created.admin, created.decision.id, {
    option_id: lisbon,
    rationale: 'Oslo is booked out in May.',
    review_on: '2099-05-01',
  });
  expect(recorded.statusCode).toBe(200);
  return { ...created, decidedAt: recorded.json<{ decided_at: string }>().decided_at };
}

describe('the outcome in the exports', () => {
  it('CSV: chosen option, the leader when it differs, rationale, review day, who and when (en and de)', async () => {
    const { decision, editor, decidedAt } = await decidedAgainstTheLeader();
    const rows = csvRows(await exportOf(editor, decision.id, 'csv'));
    expect(csvSection(rows, en.export.outcome)).toEqual([
      [en.export.outcome],
      [en.export.chosenOption, 'Lisbon'],
      [en.export.leaderOption, 'Oslo'],
      [en.export.rationale, 'Oslo is booked out in May.'],
      [en.export.reviewOn, '1 May 2099'],
      [en.export.decidedBy, 'Ada Lovelace'],
      [en.export.decidedAt, formatDateTime(decidedAt, 'en', 'Europe/Berlin')],
    ]);
    // Beside it, who voted: the editor in full; the owner and the admin not at all.
    expect(rows).toContainEqual([en.export.participation, '1 of 3 have voted']);
    expect(rows).toContainEqual([en.export.missing, 'Olga, Ada Lovelace']);
    // It comes before the matrix that led to it.
    const outcomeAt = rows.findIndex((row) => row[0] === en.export.outcome);
    expect(outcomeAt).toBeLessThan(rows.findIndex((row) => row[0] === en.export.option));

    const german = csvRows(await exportOf(editor, decision.id, 'csv', 'de'), ';');
    expect(csvSection(german, de.export.outcome)).toContainEqual([de.export.reviewOn, '01.05.2099']);
    expect(csvSection(german, de.export.outcome)).toContainEqual([de.export.leaderOption, 'Oslo']);
  });

  it('PDF: the outcome section names the chosen option, the leader, the rationale and the decider', async () => {
    const { decision, viewer } = await decidedAgainstTheLeader();
    const { text } = await pdfText(await exportOf(viewer, decision.id, 'pdf'));
    expect(text).toContain(en.export.outcome);
    expect(text).toContain(`${en.export.chosenOption}: Lisbon · ${en.export.leaderOption}: Oslo`);
    expect(text).toContain('Oslo is booked out in May.');
    expect(text).toContain(`${en.export.reviewOn}: 1 May 2099 · ${en.export.decidedBy}: Ada Lovelace`);
    expect(text).toContain(
      `${en.export.participation}: 1 of 3 have voted · ${en.export.missing}: Olga, Ada Lovelace`,
    );
  });

  it('a personal decision names its owner as decider and no leader when the chosen option leads', async () => {
    const { decision, optionIds } = await createDecision(app, owner, { name: 'Which car?' });
    // Beta leads (6 × 60 % + 9 × 40 % = 7.2 against Alpha's 6.8) and is chosen.
    expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[1] })).statusCode).toBe(
      200,
    );
    const outcome = csvSection(csvRows(await exportOf(owner, decision.id, 'csv')), en.export.outcome);
    expect(outcome).toContainEqual([en.export.chosenOption, 'Beta']);
    expect(outcome).toContainEqual([en.export.decidedBy, 'Olga']);
    expect(outcome).toContainEqual([en.export.reviewOn, '']);
    expect(outcome.some((row) => row[0] === en.export.leaderOption)).toBe(false);
  });

  it('has no outcome section until one is recorded', async () => {
    const { decision } = await createDecision(app, owner, { name: 'Undecided' });
    const rows = csvRows(await exportOf(owner, decision.id, 'csv'));
    expect(rows.some((row) => row[0] === en.export.outcome)).toBe(false);
    expect((await pdfText(await exportOf(owner, decision.id, 'pdf'))).text).not.toContain(
      en.export.chosenOption,
    );
  });
});
