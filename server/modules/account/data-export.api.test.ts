import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createComment, createDecision, setNickname } from '../../test/decision-factories.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { fullVote, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { inviteByEmail, teamApi } from '../../test/team-factories.ts';

let testApp: TestApp;
let app: FastifyInstance;
const team = teamApi(() => app);

beforeAll(async () => {
  testApp = await buildTestApp({ authRateLimitPerMinute: 10_000 });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
});

const exportOf = (user: SignedInUser, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/users/me/export', headers: { ...user.headers, ...headers } });

interface ExportedDecision {
  id: number;
  name: string;
  your_role: string;
  your_values: { value: number }[];
  your_weights: { criterion_id: number; weight: number }[];
  results: { ranking: unknown[] };
  team_results: unknown;
  results_hidden_until: string | null;
  members: { name: string; role: string; is_you: boolean }[];
  your_comments: { text: string }[];
}

/** The ZIP opened: every file's text by name. */
function filesOf(response: LightMyRequestResponse): Record<string, string> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="decision-compass-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const entries = unzipSync(new Uint8Array(response.rawPayload));
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('GET /api/users/me/export', () => {
  it('holds the profile with sessions, every owned and joined decision, notifications and one CSV per owned decision; no one else’s address', async () => {
    const user = await createSignedInUser(app);
    await setNickname(app, user, 'Ada');
    const personal = await createDecision(app, user, { name: 'My car' });
    const owned = await teamWithRoles(app, user, { name: 'Our offsite' });
    await setNickname(app, owned.editor, 'Grace');
    await createComment(app, user, owned.decision.id, 'My own remark');
    await createComment(app, owned.editor, owned.decision.id, 'Someone else’s remark');
    const pendingAddress = uniqueEmail('pending');
    await inviteByEmail(app, user, owned.decision.id, pendingAddress, 'viewer');
    const other = await createSignedInUser(app);
    const joined = await teamWithRoles(app, other, { name: 'Their trip' });
    const joinedMember = await app.inject({
      method: 'POST',
      url: '/api/team/invite',
      payload: { decision_id: joined.decision.id, email: user.email, role: 'editor' },
      headers: other.headers,
    });
    await team.accept(user, joinedMember.json<{ invite_token: string }>().invite_token);
    expect((await team.evaluate(user, joined.decision.id, fullVote(joined, 6))).statusCode).toBe(200);

    const apiToken = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { name: 'Report script', scope: 'read' },
      headers: user.headers,
    });
    expect(apiToken.statusCode).toBe(201);

    const files = filesOf(await exportOf(user));
    expect(Object.keys(files).sort()).toEqual(
      [
        'account.json',
        'decisions.json',
        'notifications.json',
        'workspaces.json',
        `decisions/decision-${personal.decision.id}.csv`,
        `decisions/decision-${owned.decision.id}.csv`,
      ].sort(),
    );
    const account = JSON.parse(files['account.json']!) as {
      profile: { email: string; nickname: string; language: string; created_at: string };
      sessions: { created_at: string }[];
      api_tokens: unknown[];
    };
    expect(account.profile).toMatchObject({ email: user.email, nickname: 'Ada', language: 'en' });
    expect(account.sessions.length).toBeGreaterThanOrEqual(1);
    // Issue 32: the tokens with what the profile lists, never the token or its hash.
    expect(account.api_tokens).toEqual([
      {
        name: 'Report script',
        scope: 'read',
        created_at: expect.any(String),
        last_used_at: null,
        expires_at: null,
      },
    ]);
    expect(files['account.json']).not.toContain(apiToken.json<{ token: string }>().token.slice(7));

    const decisions = JSON.parse(files['decisions.json']!) as ExportedDecision[];
    expect(decisions.map((decision) => decision.name).sort()).toEqual([
      'My car',
      'Our offsite',
      'Their trip',
    ]);
    const mine = decisions.find((decision) => decision.name === 'Our offsite')!;
    expect(mine.your_comments.map((comment) => comment.text)).toEqual(['My own remark']);
    expect(mine.members).toContainEqual({ name: 'Grace', role: 'editor', is_you: false });
    const theirs = decisions.find((decision) => decision.name === 'Their trip')!;
    expect(theirs.your_role).toBe('editor');
    expect(theirs.your_values.map((cell) => cell.value)).toEqual([6, 6, 6, 6]);
    expect(files['decisions/decision-' + owned.decision.id + '.csv']).toContain('Our offsite');

    const notifications = JSON.parse(files['notifications.json']!) as { kind: string }[];
    expect(notifications.map((notice) => notice.kind)).toContain('invitation');

    // Other people appear by name only: no one else's address in any file.
    const everything = Object.values(files).join('\n');
    for (const address of [
      pendingAddress,
      owned.editor.email,
      owned.admin.email,
      owned.viewer.email,
      other.email,
      joined.admin.email,
    ])
      expect(everything).not.toContain(address);
  });

  it('leaves out what the app hides: a blind team result before the voter submitted', async () => {
    const owner = await createSignedInUser(app);
    const blind = await teamWithRoles(app, owner, { name: 'Blind vote', results_visibility: 'after_close' });
    expect((await team.evaluate(owner, blind.decision.id, fullVote(blind, 9))).statusCode).toBe(200);
    expect((await team.evaluate(blind.editor, blind.decision.id, fullVote(blind, 3))).statusCode).toBe(200);

    const files = filesOf(await exportOf(blind.editor));
    const [decision] = JSON.parse(files['decisions.json']!) as ExportedDecision[];
    expect(decision).toMatchObject({ name: 'Blind vote', team_results: null, results: { ranking: [] } });
    expect(decision!.results_hidden_until).not.toBeNull();
    expect(decision!.your_values.map((cell) => cell.value)).toEqual([3, 3, 3, 3]);
    // The owner's 9s are nowhere, neither as a value nor as a mean with the editor's 3s.
    expect(files['decisions.json']).not.toMatch(/"value": 9\b/);
    expect(files['decisions.json']).not.toMatch(/"value": 6\b/);
  });

  it(`allows ${LIMITS.dataExport.perHour} exports per user and hour, then 429 with a clear message in the caller's language`, async () => {
    const user = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    for (let i = 0; i < LIMITS.dataExport.perHour; i += 1)
      expect((await exportOf(user)).statusCode).toBe(200);
    const refused = await exportOf(user, { 'accept-language': 'de' });
    expectApiError(refused, 429, 'DATA_EXPORT_RATE_LIMITED', {
      language: 'de',
      params: { seconds: Number(refused.headers['retry-after']) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await exportOf(other)).statusCode).toBe(200);
  });
});
