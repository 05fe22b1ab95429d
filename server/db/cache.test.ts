import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';
import { createChangeFeed, type TableChange } from './change-feed.ts';

function setUp(options: { engine?: 'sqlite' | 'postgres'; outside?: () => boolean } = {}) {
  const feed = createChangeFeed({ engine: options.engine ?? 'sqlite', hasOutsideCommits: options.outside });
  let clock = 1_000_000;
  const cache = createCache<string>({
    feed,
    now: () => clock,
    invalidatedBy: (change: TableChange) =>
      change.table === 'users' ? (change.id === undefined ? 'all' : [`user:${change.id}`]) : undefined,
  });
  let loads = 0;
  const read = (key: string, value = `${key} v${loads + 1}`, keep: { validUntil?: number } = {}) =>
    cache.read(
      key,
      async () => {
        loads += 1;
        return value;
      },
      () => ({ tags: [`user:${key}`], ...keep }),
    );
  return { feed, cache, read, loads: () => loads, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe('cache kept honest by the change feed', () => {
  it('serves a loaded value until a change names its tag; other entries stay', async () => {
    const { feed, read, loads } = setUp();
    expect(await read('1')).toBe('1 v1');
    expect(await read('2')).toBe('2 v2');
    expect(await read('1')).toBe('1 v1');
    expect(loads()).toBe(2);
    feed.notified({ table: 'users', op: 'update', id: 1 });
    expect(await read('1')).toBe('1 v3');
    expect(await read('2')).toBe('2 v2');
    expect(loads()).toBe(3);
  });

  it('a change naming no row, or lost track, drops everything', async () => {
    const { feed, read, loads } = setUp();
    await read('1');
    await read('2');
    feed.committedLocally([{ table: 'users', op: 'update' }]);
    await read('1');
    await read('2');
    expect(loads()).toBe(4);
    feed.setListening(true); // a reconnected listener: what was missed is unknown
    await read('1');
    expect(loads()).toBe(5);
  });

  it('expires an entry after the TTL (30 s) and at its own end (a deadline), whichever comes first', async () => {
    const { read, loads, advance, now } = setUp();
    await read('1');
    advance(29_999);
    await read('1');
    expect(loads()).toBe(1);
    advance(1);
    await read('1');
    expect(loads()).toBe(2);
    await read('2', 'two', { validUntil: now() + 5_000 });
    advance(4_999);
    await read('2');
    expect(loads()).toBe(3);
    advance(1);
    await read('2');
    expect(loads()).toBe(4);
  });

  it('a load that raced a change is answered but not kept', async () => {
    const { feed, cache } = setUp();
    let release!: (value: string) => void;
    const slow = cache.read(
      '1',
      () => new Promise<string>((resolve) => (release = resolve)),
      () => ({
        tags: ['user:1'],
      }),
    );
    feed.notified({ table: 'users', op: 'update', id: 1 });
    release('read before the change committed');
    expect(await slow).toBe('read before the change committed');
    expect(cache.peek('1')).toBeUndefined();
  });

  it('neither serves nor keeps while the PostgreSQL listener is down', async () => {
    const { feed, read, loads, cache } = setUp({ engine: 'postgres' });
    await read('1');
    await read('1');
    expect(loads()).toBe(2); // not listening yet
    feed.setListening(true);
    await read('1');
    await read('1');
    expect(loads()).toBe(3);
    feed.setListening(false);
    expect(cache.size).toBe(0);
    await read('1');
    expect(loads()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('SQLite: another connection’s commit (data_version moved) drops everything first', async () => {
    let outside = false;
    const { read, loads } = setUp({ outside: () => outside });
    await read('1');
    await read('1');
    expect(loads()).toBe(1);
    outside = true;
    await read('1');
    outside = false;
    expect(loads()).toBe(2);
  });

  it('ignores notifications of other tables and malformed ones', async () => {
    const { feed, read, loads } = setUp();
    await read('1');
    feed.notified({ table: 'comments', op: 'update', id: 1 });
    feed.notified('not json at all');
    feed.notified({ table: 'users', op: 'truncate', id: 1 });
    await read('1');
    expect(loads()).toBe(1);
  });
});
