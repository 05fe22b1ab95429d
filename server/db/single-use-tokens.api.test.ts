import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';
import { createSignedInUser } from '../test/factories.ts';
import { consumeSingleUseToken } from './single-use-tokens.ts';
import { isoNow } from './values.ts';

const { app } = useTestApp();

let tokenCount = 0;
async function issueToken(userId: number, expiresInMs = 60_000): Promise<string> {
  const tokenHash = `hash-${++tokenCount}`;
  await app.database.db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, created_at: isoNow(), expires_at: isoNow(expiresInMs) })
    .execute();
  return tokenHash;
}

async function usedAt(tokenHash: string): Promise<unknown> {
  const row = await app.database.db
    .selectFrom('password_reset_tokens')
    .select('used_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirstOrThrow();
  return row.used_at;
}

type Work = Parameters<typeof consumeSingleUseToken>[4];
const doNothing: Work = async () => {};

const consume = (tokenHash: string, work: Work = doNothing) =>
  consumeSingleUseToken(app.database.db, 'password_reset_tokens', tokenHash, isoNow(), work);

describe('consumeSingleUseToken', () => {
  it('does the work once for the user, then ends the other open links of that user only', async () => {
    const { user } = await createSignedInUser(app);
    const { user: other } = await createSignedInUser(app);
    const [token, secondLink, othersToken] = [
      await issueToken(user.id),
      await issueToken(user.id),
      await issueToken(other.id),
    ];

    const work = vi.fn<Work>(doNothing);
    expect(await consume(token, work)).toBe(user.id);
    expect(work).toHaveBeenCalledTimes(1);
    expect(work.mock.calls[0]?.[0]).toBe(user.id);
    expect(await usedAt(secondLink)).not.toBeNull();
    expect(await usedAt(othersToken)).toBeNull();

    const again = vi.fn<Work>(doNothing);
    expect(await consume(token, again)).toBeUndefined();
    expect(await consume(secondLink, again)).toBeUndefined();
    expect(again).not.toHaveBeenCalled();
  });

  it('refuses unknown and expired tokens without doing the work', async () => {
    const { user } = await createSignedInUser(app);
    const expired = await issueToken(user.id, -1000);
    const work = vi.fn<Work>(doNothing);
    expect(await consume(expired, work)).toBeUndefined();
    expect(await consume('unknown', work)).toBeUndefined();
    expect(work).not.toHaveBeenCalled();
    expect(await usedAt(expired)).toBeNull();
  });

  it('leaves the token usable when the work fails: all or nothing', async () => {
    const { user } = await createSignedInUser(app);
    const token = await issueToken(user.id);
    const other = await issueToken(user.id);
    await expect(
      consume(token, async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await usedAt(token)).toBeNull();
    expect(await usedAt(other)).toBeNull();
    expect(await consume(token)).toBe(user.id);
  });
});
