import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchWrites, writesOf, type CommittedWrite } from './write-watch.ts';

describe('writesOf: the tables a statement writes', () => {
  it.each([
    ['insert into "sessions" ("user_id") values (?)', [{ table: 'sessions', op: 'insert' }]],
    [
      'update "decisions" set "revision" = "revision" + ? where "id" = ?',
      [{ table: 'decisions', op: 'update' }],
    ],
    ['delete from "team_members" where "id" = ?', [{ table: 'team_members', op: 'delete' }]],
    ['delete from "s1"."users" where "id" = ?', [{ table: 'users', op: 'delete' }]],
    ['select * from "decisions" where "id" = ?', []],
    ['select "id" from "decisions" where "id" = ? for update', []],
  ])('%s', (statement, expected) => {
    expect(writesOf(statement)).toEqual(expected);
  });
});

describe('watchWrites: writes are told once committed', () => {
  let dir: string;
  let db: Kysely<{ items: { id: number; name: string } }>;
  let told: CommittedWrite[][];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-write-watch-'));
    told = [];
    const dialect = new SqliteDialect({ database: new BetterSqlite(path.join(dir, 'db.sqlite')) });
    db = new Kysely({ dialect: watchWrites(dialect, (writes) => told.push([...writes])) });
    await sql`create table items (id integer primary key, name text)`.execute(db);
    told = [];
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a statement outside a transaction: after it ran', async () => {
    await db.insertInto('items').values({ id: 1, name: 'a' }).execute();
    await db.selectFrom('items').selectAll().execute();
    expect(told).toEqual([[{ table: 'items', op: 'insert' }]]);
  });

  it('inside a transaction: nothing until COMMIT, then every write at once', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, name: 'a' }).execute();
      await trx.updateTable('items').set({ name: 'b' }).execute();
      expect(told).toEqual([]);
    });
    expect(told).toEqual([
      [
        { table: 'items', op: 'insert' },
        { table: 'items', op: 'update' },
      ],
    ]);
  });

  it('a rolled back transaction tells nothing', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 1, name: 'a' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(told).toEqual([]);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
  });
});
