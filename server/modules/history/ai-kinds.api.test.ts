import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryPage } from '../../../shared/api/history.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { useFakeAiApps } from '../../test/fake-ai-apps.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, detailsOf } from '../../test/team-factories.ts';

// Issue 30: the AI's kinds (`ai_scored`, `ai_opinion`), the `mode_changed` an AI completion makes, and
// `voting_ended` by an AI completion, whose actor is the user who started the run.

const ai = useFakeAiApps();
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = ai);
});

const person = (user: SignedInUser) => ({
  user_id: user.user.id,
  display_name: displayNameOfAccount({ ...user.user, email: user.email }),
});

/** What a history entry says, without its id and time. */
const said = ({ kind, actor, subject, changes, version_id }: HistoryEntry) => ({
  kind,
  actor,
  subject,
  changes,
  version_id,
});

async function entriesOf(caller: SignedInUser, decisionId: number): Promise<HistoryEntry[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/history`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryPage>().entries;
}

const completeWithAi = (caller: SignedInUser, decisionId: number) =>
  app.inject({
    method: 'POST',
    url: `/api/team-ai/recommendation/${decisionId}`,
    payload: {
      decisionName: 'Team offsite',
      description: 'Where do we go?',
      options: ['Lisbon', 'Oslo'],
      criteria: [
        { name: 'Cost', importance: 60 },
        { name: 'Weather', importance: 40 },
      ],
    },
    headers: caller.headers,
  });

describe('AI kinds in the history', () => {
  it('an AI completion records the mode, the AI’s cells as a count and the end of voting by who started it', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const admin = await addMember(app, owner, created.decision.id, 'admin');
    const before = await entriesOf(owner, created.decision.id);

    const response = await completeWithAi(admin, created.decision.id);
    expect(response.statusCode, response.body).toBe(200);
    const details = await detailsOf(app, owner, created.decision.id);
    const top = details.results.ranking.find((entry) => entry.is_top)!;
    const leader = {
      option_id: top.option_id,
      name: details.options.find((option) => option.id === top.option_id)!.name,
      total: top.total,
    };
    const entries = await entriesOf(owner, created.decision.id);
    // Newest first: the completion's entries, all by the admin who started the run.
    expect(entries.slice(0, entries.length - before.length).map(said)).toEqual([
      {
        kind: 'voting_ended',
        actor: person(admin),
        subject: null,
        changes: [{ field: 'leader', from: null, to: leader }],
        version_id: null,
      },
      {
        kind: 'ai_scored',
        actor: person(admin),
        subject: null,
        changes: [{ field: 'cells', from: null, to: 4 }],
        version_id: null,
      },
      {
        kind: 'mode_changed',
        actor: person(admin),
        subject: null,
        changes: [{ field: 'mode', from: 'manual', to: 'ai' }],
        version_id: null,
      },
    ]);
    // The announcement (and a later deadline job) records no second end of voting.
    await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
    await app.scheduler.runDueJobs();
    const again = await entriesOf(owner, created.decision.id);
    expect(again.filter((entry) => entry.kind === 'voting_ended')).toHaveLength(1);
  });

  it('a refused AI run records nothing', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const refused = await expectNothingChanged(app, () => completeWithAi(editor, created.decision.id));
    expect(refused.statusCode).toBe(403);
    // The model fails: nothing of the run is stored (the call still counts as AI usage).
    ai.fake.script(...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 500 })));
    const failed = await expectNothingChanged(app, () => completeWithAi(owner, created.decision.id), {
      except: ['ai_usage'],
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  });

  it('an AI opinion records who asked and how many cells it holds, never a value', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const viewer = await addMember(app, owner, created.decision.id, 'viewer');
    const response = await app.inject({
      method: 'POST',
      url: `/api/decision/${created.decision.id}/ai-opinion`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const reader of [owner, viewer]) {
      const [latest] = await entriesOf(reader, created.decision.id);
      expect(said(latest!)).toEqual({
        kind: 'ai_opinion',
        actor: person(owner),
        subject: null,
        changes: [{ field: 'cells', from: null, to: 4 }],
        version_id: null,
      });
    }
  });
});
