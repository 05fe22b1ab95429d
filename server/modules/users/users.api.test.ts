import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { userSchema, type User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { accountApi } from '../../test/http.ts';
import { noisePng, solidImage, SVG_IMAGE } from '../../test/images.ts';
import { fileUpload, multipartBody } from '../../test/multipart.ts';

const { app, testApp } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = accountApi(() => app);

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60_000).toISOString().slice(0, 10);
}

describe('GET /api/users/me', () => {
  it('returns the signed-in user with exactly the public fields', async () => {
    const user = await createSignedInUser(app);
    const response = await api.me(user.headers);
    expect(response.statusCode).toBe(200);
    const me = response.json<User>();
    expect(Object.keys(me).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(me).toEqual(user.user);
    expect(response.body).not.toMatch(/password|argon2/i);
  });

  it('answers each user with their own account', async () => {
    const ada = await createSignedInUser(app);
    const bob = await createSignedInUser(app);
    expect((await api.me(ada.headers)).json<User>().email).toBe(ada.email);
    expect((await api.me(bob.headers)).json<User>().email).toBe(bob.email);
  });
});

/** The user whose profile the PUT /api/users/update tests edit: a fresh one per describe. */
let user: SignedInUser;
const signInProfileUser = async () => {
  user = await createSignedInUser(app);
};

async function update(payload: unknown, headers: Record<string, string> = {}) {
  return api.update(payload, { ...user.headers, ...headers });
}

async function refuse(payload: unknown, field: string, message?: string) {
  const response = await expectNothingChanged(app, () => update(payload));
  const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
  if (message) expect(body.fields?.[field]).toBe(message);
}

/** Profile updates refused with 400 on one field: [case, field, payload, the field's message if checked]. */
const PROFILE_REFUSALS: [string, string, Record<string, unknown>, string?][] = [
  [
    `a nickname of ${LIMITS.nickname.max + 1} characters`,
    'nickname',
    { nickname: 'n'.repeat(LIMITS.nickname.max + 1) },
    en.validation.nicknameLength,
  ],
  ['a number as nickname', 'nickname', { nickname: 12345 }],
  [
    `a first name longer than ${LIMITS.personName.max} characters`,
    'first_name',
    { first_name: 'f'.repeat(LIMITS.personName.max + 1) },
    en.validation.tooLong,
  ],
  [
    `a last name longer than ${LIMITS.personName.max} characters`,
    'last_name',
    { last_name: 'l'.repeat(LIMITS.personName.max + 1) },
    en.validation.tooLong,
  ],
  // PostgreSQL cannot store U+0000 in text; bad input must be a 400 there too, never a 500.
  ...(['nickname', 'first_name', 'last_name'] as const).map(
    (field): [string, string, Record<string, unknown>] => [
      `a NUL character in ${field} on every database`,
      field,
      { [field]: 'Ada\u0000Lovelace' },
    ],
  ),
  ['a birthday with an impossible month', 'birthday', { birthday: '2020-13-01' }, en.validation.date],
  ['a birthday of 29 February of a common year', 'birthday', { birthday: '2021-02-29' }, en.validation.date],
  ['a German-style birthday', 'birthday', { birthday: '17.05.1990' }, en.validation.date],
  ['a timestamp as birthday', 'birthday', { birthday: '1990-05-17T00:00:00Z' }, en.validation.date],
  ['a birthday before 1900', 'birthday', { birthday: '1899-12-31' }, en.validation.birthday],
  ['a birthday in the future', 'birthday', { birthday: isoDateInDays(2) }, en.validation.birthday],
  ['a number as birthday', 'birthday', { birthday: 19900517 }],
  ['a language the app does not speak', 'language', { language: 'fr' }],
];

describe('PUT /api/users/update: profile fields and nickname', () => {
  beforeAll(signInProfileUser);

  it('saves every profile field, trimmed, and GET /me shows them', async () => {
    const response = await update({
      nickname: '  Ada  ',
      first_name: ' Ada ',
      last_name: 'Lovelace ',
      birthday: '1990-05-17',
      language: 'de',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      nickname: 'Ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      birthday: '1990-05-17',
      language: 'de',
    };
    expect(response.json()).toMatchObject({ ...expected, email: user.email, id: user.user.id });
    expect((await api.me(user.headers)).json()).toMatchObject(expected);
  });

  it('changes only the fields sent', async () => {
    await update({
      nickname: 'Ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      birthday: '1990-05-17',
      language: 'en',
    });
    const response = await update({ last_name: 'Byron' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nickname: 'Ada',
      first_name: 'Ada',
      last_name: 'Byron',
      birthday: '1990-05-17',
      language: 'en',
    });
    expect((await update({})).json()).toMatchObject({ last_name: 'Byron', birthday: '1990-05-17' });
  });

  it('clears a field sent as an empty string or null', async () => {
    await update({ nickname: 'Ada', first_name: 'Ada', birthday: '1990-05-17' });
    const response = await update({ nickname: '', first_name: '   ', birthday: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ nickname: null, first_name: null, birthday: null });
  });

  it('ignores fields that are not part of the profile', async () => {
    const response = await update({
      nickname: 'Sneaky',
      email: 'attacker@example.com',
      password_hash: 'x',
      id: 999,
      avatar_url: '/api/avatars/evil.webp',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nickname: 'Sneaky',
      email: user.email,
      id: user.user.id,
      avatar_url: null,
    });
    expect((await api.login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  describe('nickname', () => {
    it(`accepts ${LIMITS.nickname.max} characters, counted after trimming`, async () => {
      const nickname = 'n'.repeat(LIMITS.nickname.max);
      expect((await update({ nickname })).json()).toMatchObject({ nickname });
      expect((await update({ nickname: `  ${nickname}  ` })).json()).toMatchObject({ nickname });
    });

    it('explains the limit in German', async () => {
      const response = await update({ nickname: 'n'.repeat(21) }, { 'accept-language': 'de' });
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', {
        language: 'de',
        fields: ['nickname'],
      });
      expect(body.fields?.nickname).toBe('Der Spitzname darf höchstens 20 Zeichen haben.');
    });
  });
});

describe('PUT /api/users/update: names, birthday, language and malformed bodies', () => {
  beforeAll(signInProfileUser);

  it.each(PROFILE_REFUSALS)(
    'refuses %s (400 fields.%s) and changes nothing',
    async (_case, field, payload, message) => {
      await refuse(payload, field, message);
    },
  );

  it(`accepts names of exactly ${LIMITS.personName.max} characters`, async () => {
    expect((await update({ last_name: 'l'.repeat(LIMITS.personName.max) })).statusCode).toBe(200);
  });

  describe('birthday', () => {
    it.each(['1900-01-01', '2020-02-29', isoDateInDays(-1)])('accepts %s', async (birthday) => {
      expect((await update({ birthday })).json()).toMatchObject({ birthday });
    });
  });

  describe('language', () => {
    it('accepts de and en', async () => {
      expect((await update({ language: 'de' })).json()).toMatchObject({ language: 'de' });
      expect((await update({ language: 'en' })).json()).toMatchObject({ language: 'en' });
    });
  });

  it('refuses a body that is not an object', async () => {
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'PUT',
        url: '/api/users/update',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '["nickname"]',
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['_'] });
  });

  it('refuses in German with accept-language: de', async () => {
    const response = await update({ language: 'fr', birthday: '2020-13-01' }, { 'accept-language': 'de' });
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', {
      language: 'de',
      fields: ['language', 'birthday'],
    });
    expect(body.fields?.birthday).toBe(de.validation.date);
  });
});

function upload(
  user: SignedInUser,
  content: Buffer | string,
  filename = 'avatar.png',
  contentType = 'image/png',
) {
  const { payload, headers } = fileUpload(content, filename, contentType);
  return app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload,
    headers: { ...headers, ...user.headers },
  });
}

function removeAvatar(user: SignedInUser) {
  return app.inject({ method: 'DELETE', url: '/api/users/me/avatar', headers: user.headers });
}

function fetchAvatar(url: string) {
  return app.inject({ method: 'GET', url });
}

async function avatarRowsOf(user: SignedInUser) {
  return app.database.db.selectFrom('avatars').select('id').where('user_id', '=', user.user.id).execute();
}

async function expectServedAvatar(url: string) {
  const response = await fetchAvatar(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect(response.headers['cache-control']).toMatch(/(^|[ ,])max-age=3600($|,)/);
  const metadata = await sharp(response.rawPayload).metadata();
  expect(metadata).toMatchObject({
    format: 'webp',
    width: LIMITS.avatar.sizePx,
    height: LIMITS.avatar.sizePx,
  });
  return metadata;
}

describe('avatar', () => {
  it.each([
    ['PNG', 'png', 'image/png'],
    ['JPEG', 'jpeg', 'image/jpeg'],
  ] as const)(
    're-encodes a %s to a 256×256 WebP served with a one-hour cache',
    async (_, format, contentType) => {
      const user = await createSignedInUser(app);
      const response = await upload(user, await solidImage(format, 640, 480), `me.${format}`, contentType);

      expect(response.statusCode).toBe(200);
      const body = response.json<User>();
      expect(Object.keys(body).sort()).toEqual(Object.keys(userSchema.shape).sort());
      expect(body.avatar_url).toMatch(/^\/api\/avatars\/[a-f0-9]{32}\.webp$/);
      expect((await api.me(user.headers)).json<User>().avatar_url).toBe(body.avatar_url);
      expect(await avatarRowsOf(user)).toHaveLength(1);
      await expectServedAvatar(body.avatar_url ?? '');
    },
  );

  it('judges by content, not by name or declared type', async () => {
    const user = await createSignedInUser(app);
    const response = await upload(user, await solidImage('jpeg'), 'holiday.txt', 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    await expectServedAvatar(response.json<User>().avatar_url ?? '');
  });

  it('strips metadata such as EXIF from the stored picture', async () => {
    const user = await createSignedInUser(app);
    const withExif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } })
      .withExif({ IFD0: { Copyright: 'secret-location-47.3769N-8.5417E' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();

    const response = await upload(user, withExif, 'me.jpg', 'image/jpeg');
    const served = await fetchAvatar(response.json<User>().avatar_url ?? '');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-location')).toBe(false);
  });

  it('accepts an image above the 1 MiB JSON limit but within 2 MB', async () => {
    const user = await createSignedInUser(app);
    const large = await noisePng(800, 600);
    expect(large.length).toBeGreaterThan(LIMITS.jsonBodyBytes);
    expect(large.length).toBeLessThan(LIMITS.avatar.maxBytes);
    const response = await upload(user, large);
    expect(response.statusCode).toBe(200);
    await expectServedAvatar(response.json<User>().avatar_url ?? '');
  });

  it('replaces the previous avatar: the old URL answers 404', async () => {
    const user = await createSignedInUser(app);
    const first = (await upload(user, await solidImage('png'))).json<User>().avatar_url ?? '';
    const second =
      (await upload(user, await solidImage('jpeg'), 'new.jpg', 'image/jpeg')).json<User>().avatar_url ?? '';

    expect(second).not.toBe(first);
    expectApiError(await fetchAvatar(first), 404, 'NOT_FOUND');
    await expectServedAvatar(second);
    expect(await avatarRowsOf(user)).toHaveLength(1);
  });

  it('DELETE removes the avatar and its picture; other users keep theirs', async () => {
    const user = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const url = (await upload(user, await solidImage('png'))).json<User>().avatar_url ?? '';
    const otherUrl = (await upload(other, await solidImage('png'))).json<User>().avatar_url ?? '';

    const response = await removeAvatar(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.user.id, avatar_url: null });
    expect((await api.me(user.headers)).json<User>().avatar_url).toBeNull();
    expectApiError(await fetchAvatar(url), 404, 'NOT_FOUND');
    expect(await avatarRowsOf(user)).toHaveLength(0);
    await expectServedAvatar(otherUrl);

    // Deleting again is harmless.
    expect((await removeAvatar(user)).json()).toMatchObject({ avatar_url: null });
  });

  it('answers 404 for an unknown avatar and 400 for a malformed name', async () => {
    expectApiError(await fetchAvatar(`/api/avatars/${'0'.repeat(32)}.webp`), 404, 'NOT_FOUND');
    for (const name of ['x.png', '..%2F..%2Fetc%2Fpasswd', `${'A'.repeat(32)}.webp`]) {
      expectApiError(await fetchAvatar(`/api/avatars/${name}`), 400, 'VALIDATION_FAILED', {
        fields: ['file'],
      });
    }
  });
});

describe('avatar: refusals store nothing', () => {
  type UploadedFile = [content: Buffer | string, filename?: string, contentType?: string];
  /** Each refused file: what it is, and how to make it. Oversized pictures: avatar-limits.api.test.ts. */
  const invalidImages: [string, () => Promise<UploadedFile>][] = [
    ['a text file named x.png', async () => ['definitely not a picture', 'x.png', 'image/png']],
    ['an SVG', async () => [SVG_IMAGE, 'logo.svg', 'image/svg+xml']],
    [
      'a truncated PNG',
      async () => {
        const png = await solidImage('png', 200, 200);
        return [png.subarray(0, png.length / 2)];
      },
    ],
  ];

  it.each(invalidImages)('%s → 400 INVALID_IMAGE', async (_file, make) => {
    const user = await createSignedInUser(app);
    const file = await make();
    const response = await expectNothingChanged(app, () => upload(user, ...file));
    expectApiError(response, 400, 'INVALID_IMAGE');
    expect(await avatarRowsOf(user)).toHaveLength(0);
    expect((await api.me(user.headers)).json<User>().avatar_url).toBeNull();
  });

  it('a bad file keeps the current avatar in place', async () => {
    const user = await createSignedInUser(app);
    const first = (await upload(user, await solidImage('png'))).json<User>().avatar_url ?? '';
    const response = await expectNothingChanged(app, () =>
      upload(user, 'GIF89a but not really', 'x.gif', 'image/gif'),
    );
    expectApiError(response, 400, 'INVALID_IMAGE');
    expect((await api.me(user.headers)).json<User>().avatar_url).toBe(first);
    await expectServedAvatar(first);
  });

  it('a file over 2 MB → 413 PAYLOAD_TOO_LARGE', async () => {
    const user = await createSignedInUser(app);
    const huge = await noisePng(1000, 800);
    expect(huge.length).toBeGreaterThan(LIMITS.avatar.maxBytes);
    const response = await expectNothingChanged(app, () => upload(user, huge));
    expectApiError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(await avatarRowsOf(user)).toHaveLength(0);
  });

  it('explains an invalid image in German', async () => {
    const user = await createSignedInUser(app);
    const { payload, headers } = fileUpload('nope', 'x.png', 'image/png');
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload,
      headers: { ...headers, ...user.headers, 'accept-language': 'de' },
    });
    expect(expectApiError(response, 400, 'INVALID_IMAGE', { language: 'de' }).error).toBe(
      'Die Datei ist kein unterstütztes Bild (JPEG, PNG, WebP, GIF oder AVIF).',
    );
  });

  it('a JSON body instead of multipart → 415', async () => {
    const user = await createSignedInUser(app);
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/avatar',
        payload: { file: 'x' },
        headers: user.headers,
      }),
    );
    expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a form without a file → 400 naming the file field', async () => {
    const user = await createSignedInUser(app);
    const { payload, headers } = multipartBody([{ name: 'note', content: 'no file here' }]);
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/avatar',
        payload,
        headers: { ...headers, ...user.headers },
      }),
    );
    expect(expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['file'] }).fields?.file).toBe(
      en.validation.required,
    );
  });

  it.each([
    ['is cut off mid-file', 'truncated'],
    ['does not match its boundary', 'wrong-boundary'],
    ['declares no boundary', 'no-boundary'],
  ])('a multipart body that %s → 400, not 500', async (_, kind) => {
    const user = await createSignedInUser(app);
    const { payload, headers } = fileUpload(await solidImage('png', 200, 200), 'x.png', 'image/png');
    const request = {
      truncated: {
        payload: payload.subarray(0, payload.length - 200),
        contentType: headers['content-type'],
      },
      'wrong-boundary': { payload, contentType: 'multipart/form-data; boundary=not-the-boundary' },
      'no-boundary': { payload, contentType: 'multipart/form-data' },
    }[kind];
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/avatar',
        payload: request?.payload,
        headers: { ...user.headers, 'content-type': request?.contentType ?? '' },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: expect.stringMatching(/^(VALIDATION_FAILED|INVALID_IMAGE)$/),
    });
  });
});

// Last in the file: restarting replaces the app every other test uses.
describe('after a restart', () => {
  it('keeps avatars, profiles and sessions', async () => {
    const user = await createSignedInUser(app);
    await api.update({ nickname: 'Persistent' }, user.headers);
    const { payload, headers } = fileUpload(await solidImage('png'), 'me.png', 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload,
      headers: { ...headers, ...user.headers },
    });
    const url = uploaded.json<User>().avatar_url ?? '';

    await testApp.restart();

    const me = await api.me(user.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ nickname: 'Persistent', avatar_url: url });
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });
});
