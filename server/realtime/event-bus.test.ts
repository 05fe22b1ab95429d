import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import {
  createLocalEventBus,
  createPostgresEventBus,
  MAX_NOTIFY_PAYLOAD_BYTES,
  notifyPayloads,
  type AppEvent,
  type EventBus,
} from './event-bus.ts';

const databaseUrl = process.env.DATABASE_URL || undefined;
const CHANGED: AppEvent = { type: 'decision-changed', data: { decision_id: 2_147_483_647 } };

/** A 2,000-member team with ids as long as they get: ~22 kB of ids, far over PostgreSQL's 8,000 bytes. */
const bigAudience = (size = 2_000) => Array.from({ length: size }, (_, index) => 2_147_480_000 + index);

function fakeLog() {
  return { warn: vi.fn(), error: vi.fn() };
}

describe('notifyPayloads', () => {
  it('splits a large audience into payloads under the NOTIFY limit that together name everyone once', () => {
    const audience = bigAudience();
    const payloads = notifyPayloads('test_scope', [...audience, ...audience.slice(0, 10)], CHANGED);
    expect(payloads.length).toBeGreaterThan(2);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(MAX_NOTIFY_PAYLOAD_BYTES);
    const envelopes = payloads.map(
      (payload) => JSON.parse(payload) as { scope: string; userIds: number[]; event: AppEvent },
    );
    expect(envelopes.flatMap((envelope) => envelope.userIds)).toEqual(audience);
    for (const envelope of envelopes) expect(envelope).toMatchObject({ scope: 'test_scope', event: CHANGED });
  });

  it('sends nothing for an empty audience and one payload for a small one', () => {
    expect(notifyPayloads('s', [], CHANGED)).toEqual([]);
    expect(notifyPayloads('s', [1, 2, 2], CHANGED).map((payload) => JSON.parse(payload) as unknown)).toEqual([
      { scope: 's', userIds: [1, 2], event: CHANGED },
    ]);
  });
});

describe('local event bus', () => {
  it('still reaches the other streams, and resolves, when one listener throws', async () => {
    const log = fakeLog();
    const bus = createLocalEventBus(log);
    const received: number[] = [];
    bus.subscribe(1, () => {
      throw new Error('stream already closed');
    });
    bus.subscribe(2, () => received.push(2));
    await expect(bus.publish([1, 2], CHANGED)).resolves.toBeUndefined();
    expect(received).toEqual([2]);
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describe.skipIf(!databaseUrl)('PostgreSQL event bus (LISTEN/NOTIFY)', () => {
  const opened: { handle: DatabaseHandle; bus: EventBus; dataDir: string }[] = [];

  async function openBus(log = fakeLog()) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bus-'));
    // A scope of its own: NOTIFY is database-wide, and other test files publish on the same channel.
    const handle = await openDatabase({
      dataDir,
      databaseUrl,
      schema: `bus_${randomBytes(6).toString('hex')}`,
    });
    const bus = await createPostgresEventBus({
      pool: handle.pool!,
      connectListener: handle.connectListener!,
      scope: handle.scope,
      log,
    });
    opened.push({ handle, bus, dataDir });
    return { handle, bus, log };
  }

  afterEach(async () => {
    for (const { handle, bus, dataDir } of opened.splice(0)) {
      await bus.close();
      await handle.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('delivers an event to every member of a 2,000-member audience, once each', async () => {
    const { bus, log } = await openBus();
    const audience = bigAudience();
    const received = new Map<number, number>();
    for (const userId of audience) {
      bus.subscribe(userId, () => received.set(userId, (received.get(userId) ?? 0) + 1));
    }
    await bus.publish(audience, CHANGED);
    await vi.waitFor(() => expect(received.size).toBe(audience.length), { timeout: 5_000 });
    expect([...received.values()].every((count) => count === 1)).toBe(true);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs instead of rejecting when NOTIFY fails, so a committed write keeps its answer', async () => {
    const { handle, bus, log } = await openBus();
    await handle.pool!.end();
    await expect(bus.publish([1, 2, 3], CHANGED)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'decision-changed', audience: 3 }),
      'event not published',
    );
  });
});
