import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';

// Notifications that follow from activity on a decision, and team-only actions on personal ones.
describe('decision activity', () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let reader: SignedInUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    [owner, reader] = await Promise.all([createSignedInUser(testApp.app), createSignedInUser(testApp.app)]);
  });
  afterAll(() => testApp.close());

  async function createPersonal(type: 'private' | 'public'): Promise<number> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/decision',
      headers: owner.headers,
      payload: {
        name: `Holiday ${type}`,
        type,
        options: ['Sea', 'Alps'],
        criteria: [{ name: 'Cost', importance: 100 }],
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  async function notificationsOf(user: SignedInUser, language = 'en') {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...user.headers, 'accept-language': language },
    });
    return response.json<{ kind: string; message: string; link: string; read: boolean }[]>();
  }

  it('tells the owner when someone else comments on their public decision, not the author', async () => {
    const id = await createPersonal('public');
    const before = (await notificationsOf(reader)).length;
    const posted = await testApp.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: reader.headers,
      payload: { decision_id: id, text: 'The Alps, surely.' },
    });
    expect(posted.statusCode).toBe(201);

    const [latest] = await notificationsOf(owner, 'de');
    expect(latest).toMatchObject({ kind: 'comment', link: `/single-decision/${id}`, read: false });
    expect(latest?.message).toContain('„Holiday public“ kommentiert');
    expect(await notificationsOf(reader)).toHaveLength(before);
  });

  it('does not notify the owner of their own comment', async () => {
    const id = await createPersonal('private');
    const before = (await notificationsOf(owner)).length;
    await testApp.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: owner.headers,
      payload: { decision_id: id, text: 'Note to self' },
    });
    expect(await notificationsOf(owner)).toHaveLength(before);
  });

  it.each([
    ['PATCH', 'timer', { timer: null }],
    ['POST', 'end-voting', undefined],
    ['POST', 'activate', undefined],
  ] as const)(
    'refuses %s …/%s on a personal decision with 403 and leaves the deadline unset',
    async (method, path, payload) => {
      const id = await createPersonal('private');
      const response = await testApp.app.inject({
        method,
        url: `/api/decision/${id}/${path}`,
        headers: owner.headers,
        payload,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      const details = await testApp.app.inject({
        method: 'GET',
        url: `/api/decision/${id}/details`,
        headers: owner.headers,
      });
      expect(details.json<{ timer: string | null }>().timer).toBeNull();
    },
  );
});
