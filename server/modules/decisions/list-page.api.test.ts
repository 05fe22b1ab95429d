import { describe, expect, it } from 'vitest';
import type { DecisionListItem } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { isoNow } from '../../db/values.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision } from '../../test/team-factories.ts';

// Issue 27: GET /api/decision answers a page (at most 100), with X-Total-Count and a Link to the next.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });

interface Page {
  items: DecisionListItem[];
  total: number;
  next: string | undefined;
}

async function pageOf(caller: SignedInUser, url = '/api/decision'): Promise<Page> {
  const response = await app.inject({ method: 'GET', url, headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  const link = response.headers.link;
  const next = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
  if (link !== undefined) expect(next, `Link header ${String(link)}`).toBeDefined();
  return {
    items: response.json<DecisionListItem[]>(),
    total: Number(response.headers['x-total-count']),
    next,
  };
}

/** Every page of `url`, following Link rel="next"; `between` runs after each page (e.g. adds decisions). */
async function allPagesOf(caller: SignedInUser, url: string, between?: () => Promise<void>) {
  const ids: number[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    const page = await pageOf(caller, next);
    ids.push(...page.items.map((item) => item.id));
    next = page.next;
    pages += 1;
    if (pages > 50) throw new Error('the pages never end');
    await between?.();
  }
  return { ids, pages };
}

/** `count` personal decisions written straight into the table (the API would take minutes for hundreds). */
async function insertDecisions(owner: SignedInUser, count: number, name = (i: number) => `Bulk ${i}`) {
  const start = Date.now() - count * 1000;
  const rows = await app.database.db
    .insertInto('decisions')
    .values(
      Array.from({ length: count }, (_, i) => {
        const at = new Date(start + i * 1000).toISOString();
        return {
          user_id: owner.user.id,
          name: name(i),
          description: '',
          mode: 'manual' as const,
          type: 'private' as const,
          score: null,
          timer: null,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

describe('GET /api/decision pages', () => {
  it('answers at most 100 newest first, counts all in X-Total-Count and links the next page until the last', async () => {
    const owner = await createSignedInUser(app);
    const inserted = await insertDecisions(owner, LIMITS.decision.listPageMax + 5);
    const newestFirst = [...inserted].reverse();

    const first = await pageOf(owner);
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 100));
    expect(first.total).toBe(105);
    expect(first.next).toMatch(/^\/api\/decision\?.*cursor=[\w-]+/);

    const second = await pageOf(owner, first.next);
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(100));
    expect(second.total).toBe(105);
    expect(second.next).toBeUndefined();
  });

  it('pages by ?limit= (at most 100) and refuses a larger limit or a foreign cursor with 400', async () => {
    const owner = await createSignedInUser(app);
    const inserted = await insertDecisions(owner, 7);
    const { ids, pages } = await allPagesOf(owner, '/api/decision?limit=3');
    expect(ids).toEqual([...inserted].reverse());
    expect(pages).toBe(3);

    for (const url of [
      '/api/decision?limit=101',
      '/api/decision?limit=0',
      '/api/decision?cursor=not-a-cursor',
      '/api/decision?sort=sideways',
      '/api/decision?q=%00',
      `/api/decision?sort=name&cursor=${Buffer.from(JSON.stringify({ s: 'name', k: 'a\u0000', i: 1 })).toString('base64url')}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // A cursor of one order continues no other order.
    const { next } = await pageOf(owner, '/api/decision?limit=3');
    const foreign = await app.inject({
      method: 'GET',
      url: next!.replace('sort=newest', 'sort=name'),
      headers: owner.headers,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { cursor: expect.any(String) },
    });
  });

  it('keeps its cursor stable while decisions are added between pages: none repeats, none is skipped', async () => {
    const owner = await createSignedInUser(app);
    const before = await insertDecisions(owner, 9);
    let added = 0;
    const { ids } = await allPagesOf(owner, '/api/decision?limit=4', async () => {
      added += 1;
      await createDecision(app, owner, { name: `Added while paging ${added}` });
    });
    // The ones added during the walk are newer than the first page: they belong to a fresh first page.
    expect(ids).toEqual([...before].reverse());
    expect(new Set(ids).size).toBe(ids.length);
    expect((await pageOf(owner)).total).toBe(9 + added);
  });

  it('sorts oldest first, by name and by score in the database, each paged without gaps', async () => {
    const owner = await createSignedInUser(app);
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    const ids = await insertDecisions(owner, names.length, (i) => names[i]!);
    await app.database.db.updateTable('decisions').set({ score: 7.5 }).where('id', '=', ids[3]!).execute();
    await app.database.db.updateTable('decisions').set({ score: 9.25 }).where('id', '=', ids[1]!).execute();

    expect((await allPagesOf(owner, '/api/decision?sort=oldest&limit=2')).ids).toEqual(ids);
    const byName = (await allPagesOf(owner, '/api/decision?sort=name&limit=2')).ids;
    expect(byName).toEqual([ids[1], ids[3], ids[2], ids[0], ids[4]]);
    // Highest score first; unscored ones after, newest first.
    const byScore = (await allPagesOf(owner, '/api/decision?sort=score&limit=2')).ids;
    expect(byScore).toEqual([ids[1], ids[3], ids[4], ids[2], ids[0]]);
  });

  it('filters by ?type= and ?mode=, and ?q= finds a decision far beyond the first page, case-insensitively', async () => {
    const owner = await createSignedInUser(app);
    const old = await createDecision(app, owner, { name: 'Which Äpfel to plant?', mode: 'ai' });
    await insertDecisions(owner, LIMITS.decision.listPageMax + 10);
    const team = await createTeamDecision(app, owner, { name: 'Team lunch' });

    const found = await pageOf(owner, `/api/decision?q=${encodeURIComponent('  äPFEL ')}`);
    expect(found.items.map((item) => item.id)).toEqual([old.decision.id]);
    expect(found.total).toBe(1);
    expect(found.next).toBeUndefined();

    const teams = await pageOf(owner, '/api/decision?type=team');
    expect(teams.items.map((item) => item.id)).toEqual([team.decision.id]);
    const solo = await pageOf(owner, '/api/decision?type=solo&limit=100');
    expect(solo.total).toBe(LIMITS.decision.listPageMax + 11);
    expect(solo.items.every((item) => item.type !== 'team')).toBe(true);
    const ai = await pageOf(owner, '/api/decision?mode=ai');
    expect(ai.items.map((item) => item.id)).toEqual([old.decision.id]);
    // Search characters mean themselves (no LIKE wildcards).
    expect((await pageOf(owner, '/api/decision?q=%25')).total).toBe(0);
  });

  it('lists the team decisions the caller belongs to, and never another user’s decisions', async () => {
    const owner = await createSignedInUser(app);
    const member = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const shared = await createTeamDecision(app, owner, { name: 'Shared offsite' });
    await addMember(app, owner, shared.decision.id, 'editor', member);
    const own = await createDecision(app, member, { name: 'Member’s own' });
    await createDecision(app, stranger, { name: 'Stranger’s secret' });
    await createTeamDecision(app, stranger, { name: 'Stranger’s team' });

    const { ids } = await allPagesOf(member, '/api/decision?limit=1');
    expect(ids).toEqual([own.decision.id, shared.decision.id]);
    const memberPage = await pageOf(member);
    expect(memberPage.total).toBe(2);
    expect(memberPage.items.find((item) => item.id === shared.decision.id)?.role).toBe('editor');
    expect((await pageOf(member, '/api/decision?q=stranger')).total).toBe(0);
  });

  it('never orders by a score the caller may not see: hidden team results sort with the unscored', async () => {
    const owner = await createSignedInUser(app);
    const hidden = await createTeamDecision(app, owner, {
      name: 'Blind vote',
      results_visibility: 'after_close',
    });
    const scored = await insertDecisions(owner, 1);
    const db = app.database.db;
    await db.updateTable('decisions').set({ score: 9.9 }).where('id', '=', hidden.decision.id).execute();
    await db
      .updateTable('decisions')
      .set({ score: 1, updated_at: isoNow() })
      .where('id', '=', scored[0]!)
      .execute();
    const { ids } = await allPagesOf(owner, '/api/decision?sort=score');
    expect(ids).toEqual([scored[0], hidden.decision.id]);
  });
});

describe('compressed answers', () => {
  it('sends a large list gzip- or br-compressed when accepted, and plain otherwise', async () => {
    const owner = await createSignedInUser(app);
    await insertDecisions(owner, 30);
    for (const [accept, encoding] of [
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1.0, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/decision',
        headers: { ...owner.headers, 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(response.headers['x-total-count']).toBe('30');
    }
    // A small answer is not worth it.
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
