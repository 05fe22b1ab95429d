import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionDetails, DecisionListItem } from '../../../shared/api/decisions.ts';
import { outcomeSchema, type Outcome } from '../../../shared/api/outcome.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision, decisionApi, setNickname, setProfile } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles, type TeamWithRoles } from '../../test/lifecycle-factories.ts';
import { detailsOf, notificationsOf, teamApi } from '../../test/team-factories.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const lifecycle = lifecycleApi(() => app);
const team = teamApi(() => app);
const decisions = decisionApi(() => app);
let owner: SignedInUser;

beforeAll(async () => {
  owner = await createSignedInUser(app);
  await setNickname(app, owner, 'Olga');
});

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A team decision whose editor voted Oslo higher, with voting ended by the owner. */
async function endedTeam(name = 'Offsite'): Promise<TeamWithRoles & { lisbon: number; oslo: number }> {
  const created = await teamWithRoles(app, owner, { name });
  const [lisbon, oslo] = created.optionIds as [number, number];
  const votes = fullVote(created, 4).map((cell) => (cell.option_id === oslo ? { ...cell, value: 8 } : cell));
  expect((await team.evaluate(created.editor, created.decision.id, votes)).statusCode).toBe(200);
  expect((await team.endVoting(owner, created.decision.id)).statusCode).toBe(200);
  return { ...created, lisbon, oslo };
}

async function listItem(caller: SignedInUser, decisionId: number): Promise<DecisionListItem> {
  const list = (await decisions.list(caller)).json<DecisionListItem[]>();
  return list.find((item) => item.id === decisionId)!;
}

async function statusEverywhere(caller: SignedInUser, decisionId: number) {
  return [(await detailsOf(app, caller, decisionId)).status, (await listItem(caller, decisionId)).status];
}

describe('PUT /api/decision/{id}/outcome on a team decision', () => {
  it('owner or admin record it once voting ended: closed → decided, for every member, and back on DELETE', async () => {
    const { decision, admin, editor, viewer, oslo } = await endedTeam();
    expect(await statusEverywhere(editor, decision.id)).toEqual(['closed', 'closed']);

    const recorded = await lifecycle.recordOutcome(admin, decision.id, {
      option_id: oslo,
      rationale: '  Cheaper flights, and the team liked it.  ',
      review_on: day(30),
    });
    expect(recorded.statusCode).toBe(200);
    const outcome = recorded.json<Outcome>();
    expect(outcomeSchema.strict().safeParse(outcome).success).toBe(true);
    expect(outcome).toMatchObject({
      option_id: oslo,
      rationale: 'Cheaper flights, and the team liked it.',
      review_on: day(30),
      decided_by: admin.user.id,
    });
    expect(Math.abs(Date.parse(outcome.decided_at) - Date.now())).toBeLessThan(60_000);

    for (const member of [owner, admin, editor, viewer]) {
      const details = await detailsOf(app, member, decision.id);
      expect(details.outcome).toEqual(outcome);
      expect([details.status, details.lock]).toEqual(['decided', 'deadline']);
      expect((await listItem(member, decision.id)).status).toBe('decided');
    }
    // Only owner and admin may change it.
    expect((await detailsOf(app, admin, decision.id)).abilities.canDecide).toBe(true);
    expect((await detailsOf(app, editor, decision.id)).abilities.canDecide).toBe(false);

    const removed = await lifecycle.removeOutcome(owner, decision.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const after = await detailsOf(app, editor, decision.id);
    expect([after.status, after.outcome]).toEqual(['closed', null]);
    expect((await listItem(editor, decision.id)).status).toBe('closed');
    // Nothing left to remove: 204 again, and nothing changes.
    expect(
      (await expectNothingChanged(app, () => lifecycle.removeOutcome(owner, decision.id))).statusCode,
    ).toBe(204);
  });

  it('recording again replaces the outcome; the chosen option may differ from the leader', async () => {
    const { decision, admin, lisbon, oslo } = await endedTeam('Replace');
    const first = (
      await lifecycle.recordOutcome(owner, decision.id, { option_id: oslo, rationale: 'Leader' })
    ).json<Outcome>();
    const second = await lifecycle.recordOutcome(admin, decision.id, {
      option_id: lisbon,
      rationale: 'Oslo is booked out',
      review_on: null,
    });
    expect(second.statusCode).toBe(200);
    const details = await detailsOf(app, owner, decision.id);
    expect(details.outcome).toMatchObject({
      option_id: lisbon,
      rationale: 'Oslo is booked out',
      review_on: null,
      decided_by: admin.user.id,
    });
    expect(Date.parse(details.outcome!.decided_at)).toBeGreaterThanOrEqual(Date.parse(first.decided_at));
    // The leader stays what the votes say.
    expect(details.results.ranking[0]?.option_id).toBe(oslo);
  });

  it('is refused while voting is open or the decision a draft (409), and to editors, viewers and outsiders', async () => {
    const open = await teamWithRoles(app, owner, { name: 'Still open' });
    const draft = await teamWithRoles(app, owner, { name: 'Draft', isActivated: false });
    const stranger = await createSignedInUser(app);
    const body = (decision: { optionIds: number[] }) => ({ option_id: decision.optionIds[0], rationale: '' });

    for (const caller of [owner, open.admin]) {
      expectApiError(
        await expectNothingChanged(app, () => lifecycle.recordOutcome(caller, open.decision.id, body(open))),
        409,
        'VOTING_NOT_ENDED',
      );
      expectApiError(
        await expectNothingChanged(app, () => lifecycle.removeOutcome(caller, open.decision.id)),
        409,
        'VOTING_NOT_ENDED',
      );
    }
    expectApiError(
      await expectNothingChanged(app, () =>
        lifecycle.recordOutcome(owner, draft.decision.id, body(draft), { 'accept-language': 'de' }),
      ),
      409,
      'VOTING_NOT_ENDED',
      { language: 'de' },
    );

    const ended = await endedTeam('Guarded');
    for (const caller of [ended.editor, ended.viewer]) {
      expectApiError(
        await expectNothingChanged(app, () =>
          lifecycle.recordOutcome(caller, ended.decision.id, body(ended)),
        ),
        403,
        'FORBIDDEN',
      );
      expectApiError(
        await expectNothingChanged(app, () => lifecycle.removeOutcome(caller, ended.decision.id)),
        403,
        'FORBIDDEN',
      );
    }
    expectApiError(
      await expectNothingChanged(app, () =>
        lifecycle.recordOutcome(stranger, ended.decision.id, body(ended)),
      ),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await expectNothingChanged(app, () =>
        lifecycle.recordOutcome(undefined, ended.decision.id, body(ended)),
      ),
      401,
      'UNAUTHORIZED',
    );
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.recordOutcome(owner, 987_654, body(ended))),
      404,
      'NOT_FOUND',
    );
  });
});

describe('PUT /api/decision/{id}/outcome on a team decision: bad input, visibility and notifications', () => {
  it('refuses bad input with 400 naming the field, leaving an existing outcome as it was', async () => {
    const { decision, oslo } = await endedTeam('Validated');
    const other = await endedTeam('Other');
    expect(
      (await lifecycle.recordOutcome(owner, decision.id, { option_id: oslo, rationale: 'Kept' })).statusCode,
    ).toBe(200);
    const cases: [unknown, string][] = [
      [{ option_id: other.oslo, rationale: '' }, 'option_id'],
      [{ rationale: 'no option' }, 'option_id'],
      [{ option_id: String(oslo), rationale: '' }, 'option_id'],
      [{ option_id: 2_147_483_648, rationale: '' }, 'option_id'],
      [{ option_id: oslo, rationale: 'x'.repeat(5001) }, 'rationale'],
      [{ option_id: oslo, rationale: 'bell\u0007' }, 'rationale'],
      [{ option_id: oslo, rationale: '', review_on: day(-2) }, 'review_on'],
      [{ option_id: oslo, rationale: '', review_on: '2030-02-30' }, 'review_on'],
      [{ option_id: oslo, rationale: '', review_on: '1 March 2030' }, 'review_on'],
      [{ option_id: oslo, rationale: '', review_on: 20300301 }, 'review_on'],
    ];
    for (const [payload, field] of cases) {
      const response = await expectNothingChanged(app, () =>
        lifecycle.recordOutcome(owner, decision.id, payload),
      );
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
    }
    const german = await lifecycle.recordOutcome(
      owner,
      decision.id,
      { option_id: oslo, review_on: day(-2) },
      {
        'accept-language': 'de',
      },
    );
    expect(german.json<{ fields: Record<string, string> }>().fields.review_on).toBe(
      'Das Überprüfungsdatum darf nicht in der Vergangenheit liegen.',
    );
    expect((await detailsOf(app, owner, decision.id)).outcome).toMatchObject({
      option_id: oslo,
      rationale: 'Kept',
    });
    // Today is never in the past, and the rationale may be left out.
    const today = await lifecycle.recordOutcome(owner, decision.id, { option_id: oslo, review_on: day(0) });
    expect(today.json<Outcome>()).toMatchObject({ rationale: '', review_on: day(0) });
  });

  it('a decided decision keeps its results visible, also where they were hidden until voting ended', async () => {
    const created = await teamWithRoles(app, owner, { name: 'Blind', results_visibility: 'after_close' });
    const { decision, editor, viewer, optionIds } = created;
    expect((await team.evaluate(editor, decision.id, fullVote(created, 6))).statusCode).toBe(200);
    expect((await detailsOf(app, viewer, decision.id)).resultsHiddenUntil).toBe('close');
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[0] })).statusCode).toBe(
      200,
    );
    for (const member of [owner, editor, viewer]) {
      const details = await detailsOf(app, member, decision.id);
      expect([details.status, details.resultsHiddenUntil]).toEqual(['decided', null]);
      expect(details.results.ranking).toHaveLength(2);
      expect((await listItem(member, decision.id)).results_hidden_until).toBeNull();
    }
  });

  it('tells every member but the one who recorded it, naming them and the option, in their language', async () => {
    const { decision, admin, editor, viewer, oslo } = await endedTeam('Notified');
    await setProfile(app, admin, { nickname: null, first_name: 'Ada', last_name: 'Lovelace' });
    const before = (await notificationsOf(app, admin)).length;
    expect(
      (await lifecycle.recordOutcome(admin, decision.id, { option_id: oslo, rationale: '' })).statusCode,
    ).toBe(200);

    for (const member of [owner, editor, viewer]) {
      const [latest] = await notificationsOf(app, member);
      expect(latest).toMatchObject({
        kind: 'outcome_recorded',
        message: 'Ada Lovelace recorded the outcome of Notified: Oslo.',
        link: `/team-decision/${decision.id}`,
        decision_id: decision.id,
        inviter_id: admin.user.id,
      });
    }
    const [german] = await notificationsOf(app, editor, { 'accept-language': 'de' });
    expect(german!.message).toBe('Ada Lovelace hat das Ergebnis von Notified festgehalten: Oslo.');
    expect(await notificationsOf(app, admin)).toHaveLength(before);
  });
});

describe('the outcome of a personal decision', () => {
  it('the owner records it at any time: open → decided → open; readers and outsiders may not', async () => {
    const reader = await createSignedInUser(app);
    const { decision, optionIds } = await createDecision(app, owner, { name: 'Which car?', type: 'public' });
    const details = () => detailsOf(app, owner, decision.id);
    expect([(await details()).status, (await details()).abilities.canDecide]).toEqual(['open', true]);
    expect((await detailsOf(app, reader, decision.id)).abilities.canDecide).toBe(false);

    expectApiError(
      await expectNothingChanged(app, () =>
        lifecycle.recordOutcome(reader, decision.id, { option_id: optionIds[0], rationale: '' }),
      ),
      403,
      'FORBIDDEN',
    );
    const recorded = await lifecycle.recordOutcome(owner, decision.id, {
      option_id: optionIds[1],
      rationale: 'More comfort for the long trips.',
      review_on: day(365),
    });
    expect(recorded.statusCode).toBe(200);
    expect(await statusEverywhere(owner, decision.id)).toEqual(['decided', 'decided']);
    // Readers of a public decision see the outcome too.
    expect((await detailsOf(app, reader, decision.id)).outcome).toMatchObject({
      option_id: optionIds[1],
      decided_by: owner.user.id,
    });

    expectApiError(
      await expectNothingChanged(app, () => lifecycle.removeOutcome(reader, decision.id)),
      403,
      'FORBIDDEN',
    );
    expect((await lifecycle.removeOutcome(owner, decision.id)).statusCode).toBe(204);
    expect(await statusEverywhere(owner, decision.id)).toEqual(['open', 'open']);

    const privateOne = await createDecision(app, owner, { type: 'private' });
    expectApiError(
      await expectNothingChanged(app, () =>
        lifecycle.recordOutcome(reader, privateOne.decision.id, { option_id: privateOne.optionIds[0] }),
      ),
      404,
      'NOT_FOUND',
    );
  });

  it('removing the chosen option in an edit removes the outcome; deleting a decided decision works', async () => {
    const { decision, optionIds, details } = await createDecision(app, owner, { name: 'Bike' });
    expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[0] })).statusCode).toBe(
      200,
    );
    const edited = await decisions.update(owner, decision.id, {
      name: 'Bike',
      options: [{ id: optionIds[1], name: details.options[1]!.name }, 'Gamma'],
      criteria: details.criteria,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after: DecisionDetails = await detailsOf(app, owner, decision.id);
    expect([after.status, after.outcome]).toEqual(['open', null]);

    expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[1] })).statusCode).toBe(
      200,
    );
    expect((await decisions.remove(owner, decision.id)).statusCode).toBe(200);
    expect((await decisions.details(owner, decision.id)).statusCode).toBe(404);
  });
});
