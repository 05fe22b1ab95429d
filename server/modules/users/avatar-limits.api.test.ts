import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { pixelBombPng, solidImage, stripBombPng } from '../../test/images.ts';
import { fileUpload } from '../../test/multipart.ts';

const { app, testApp } = useTestApp({ authRateLimitPerMinute: 10_000 });

beforeAll(async () => {
  await stripBombPng(); // seconds of encoding, done once here rather than inside one test's time
});

const { maxSidePx, maxPixels, maxAspectRatio, sizePx } = LIMITS.avatar;

function upload(user: SignedInUser, content: Buffer, headers: Record<string, string> = {}) {
  const { payload, headers: multipart } = fileUpload(content, 'avatar.png', 'image/png');
  return app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload,
    headers: { ...multipart, ...user.headers, ...headers },
  });
}

async function avatarUrlOf(user: SignedInUser): Promise<string | null> {
  const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
  return me.json<User>().avatar_url;
}

/** A user who already has an avatar, so a refusal can be seen to keep it. */
async function userWithAvatar(): Promise<{ user: SignedInUser; avatarUrl: string }> {
  const user = await createSignedInUser(app);
  const response = await upload(user, await solidImage('png'));
  expect(response.statusCode).toBe(200);
  return { user, avatarUrl: response.json<User>().avatar_url ?? '' };
}

async function expectServedAvatar(url: string | null): Promise<void> {
  const served = await app.inject({ method: 'GET', url: url ?? '' });
  expect(served.statusCode).toBe(200);
  expect(await sharp(served.rawPayload).metadata()).toMatchObject({
    format: 'webp',
    width: sizePx,
    height: sizePx,
  });
}

/** The message parameters of IMAGE_TOO_LARGE for an image of this size. */
function tooLargeParams(width: number, height: number) {
  return {
    width,
    height,
    maxSide: maxSidePx,
    maxMegapixels: maxPixels / 1_000_000,
    maxRatio: maxAspectRatio,
  };
}

describe('avatar dimensions: refused from the header, before decoding', () => {
  // Each case breaks one rule only: the others hold for its size.
  const oversized: [string, number, number, () => Promise<Buffer>][] = [
    ['too wide (4,097 px)', 4097, 1100, () => solidImage('png', 4097, 1100)],
    ['too tall (4,097 px)', 1100, 4097, () => solidImage('png', 1100, 4097)],
    ['too many pixels (4,096 × 3,907 > 16,000,000)', 4096, 3907, () => solidImage('png', 4096, 3907)],
    ['an aspect ratio above 4 (2,050 × 512)', 2050, 512, () => solidImage('png', 2050, 512)],
    ['issue 27’s 118 KB strip of 100,000 × 400 px', 100_000, 400, stripBombPng],
    ['a 48-megapixel decompression bomb', 8000, 6000, pixelBombPng],
  ];

  it.each(oversized)(
    '%s → 400 IMAGE_TOO_LARGE, the previous avatar unchanged',
    async (_, width, height, make) => {
      const { user, avatarUrl } = await userWithAvatar();
      const file = await make();
      expect(file.length).toBeLessThan(LIMITS.avatar.maxBytes);

      const response = await expectNothingChanged(app, () => upload(user, file));

      expectApiError(response, 400, 'IMAGE_TOO_LARGE', { params: tooLargeParams(width, height) });
      expect(await avatarUrlOf(user)).toBe(avatarUrl);
      await expectServedAvatar(avatarUrl);
    },
  );

  it('needs the header only: the first 1,000 bytes of the strip are refused as too large, not as broken', async () => {
    const user = await createSignedInUser(app);
    const headerOnly = (await stripBombPng()).subarray(0, 1000);
    const response = await expectNothingChanged(app, () => upload(user, headerOnly));
    expectApiError(response, 400, 'IMAGE_TOO_LARGE', { params: tooLargeParams(100_000, 400) });
    expect(await avatarUrlOf(user)).toBeNull();
  });

  it('explains the refusal in German, naming the image’s size and the limits', async () => {
    const user = await createSignedInUser(app);
    const response = await upload(user, await solidImage('png', 2050, 512), { 'accept-language': 'de' });
    const body = expectApiError(response, 400, 'IMAGE_TOO_LARGE', {
      language: 'de',
      params: tooLargeParams(2050, 512),
    });
    expect(body.error).toBe(
      'Die Maße dieses Bildes werden nicht angenommen (2050 × 512 Pixel): Ein Profilbild darf höchstens ' +
        '4096 Pixel pro Seite und insgesamt 16 Megapixel haben und höchstens 4-mal so breit wie hoch sein ' +
        '(oder so hoch wie breit).',
    );
  });

  it.each([
    ['4,096 px wide at exactly ratio 4', 4096, 1024],
    ['1,024 × 4,096 px, exactly ratio 4 upright', 1024, 4096],
    ['exactly 16,000,000 pixels (4,000 × 4,000)', 4000, 4000],
  ])('accepts %s and replaces the avatar', async (_, width, height) => {
    const { user, avatarUrl } = await userWithAvatar();
    const response = await upload(user, await solidImage('png', width, height));
    expect(response.statusCode).toBe(200);
    const newUrl = response.json<User>().avatar_url;
    expect(newUrl).not.toBe(avatarUrl);
    expect(await avatarUrlOf(user)).toBe(newUrl);
    await expectServedAvatar(newUrl);
  });
});

describe('avatar decodes', () => {
  it('three concurrent uploads of large pictures all succeed (the third waits for a decode slot)', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createSignedInUser(app)));
    const picture = await solidImage('png', 4000, 4000);
    const responses = await Promise.all(users.map((user) => upload(user, picture)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    for (const response of responses) await expectServedAvatar(response.json<User>().avatar_url);
  });
});

describe('avatar uploads: rate-limited per user', () => {
  it('one upload over the per-minute limit → 429 RATE_LIMITED, refused uploads counted, nothing changed', async () => {
    const limit = testApp.config.avatarUploadRateLimitPerMinute;
    expect(limit).toBe(LIMITS.avatar.uploadsPerUserPerMinute);
    const picture = await solidImage('png');
    const { user } = await userWithAvatar(); // upload 1
    // Upload 2 is refused from its header, decoding nothing, and counts all the same.
    expect((await upload(user, await solidImage('png', 2050, 512))).statusCode).toBe(400);
    for (let count = 3; count <= limit; count++) expect((await upload(user, picture)).statusCode).toBe(200);
    const avatarUrl = await avatarUrlOf(user);

    const refused = await expectNothingChanged(app, () => upload(user, picture));

    expectApiError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await avatarUrlOf(user)).toBe(avatarUrl);
    await expectServedAvatar(avatarUrl);

    // Per user: someone else uploads as usual.
    const other = await createSignedInUser(app);
    expect((await upload(other, await solidImage('png'))).statusCode).toBe(200);
  });
});
