import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';

// Notifications that follow from activity on a decision, and team-only actions on personal ones.
describe('decision activity', () => {
  const { testApp } = useTestApp();
  let owner: SignedInUser;
  let reader: SignedInUser;

  beforeAll(async () => {
    [owner, reader] = await Promise.all([createSignedInUser(testApp.app), createSignedInUser(testApp.app)]);
  });

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

  it('names the author by the display-name rule in both languages, as the author is called today', async () => {
    const id = await createPersonal('public');
    const author = await createSignedInUser(testApp.app);
    const setProfile = (fields: Record<string, string | null>) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/users/update',
        headers: author.headers,
        payload: fields,
      });
    const comment = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: author.headers,
        payload: { decision_id: id, text: 'Hmm.' },
      });

    expect((await comment()).statusCode).toBe(201);
    const localPart = author.email.split('@')[0];
    expect((await notificationsOf(owner))[0]?.message).toBe(`${localPart} commented on “Holiday public”.`);

    expect((await setProfile({ first_name: 'Grete', last_name: 'Gruber' })).statusCode).toBe(200);
    expect((await comment()).statusCode).toBe(201);
    const [latest, earlier] = await notificationsOf(owner, 'de');
    expect(latest?.message).toBe('Grete Gruber hat „Holiday public“ kommentiert.');
    // An earlier notification shows the name the author has now, not the one stored back then.
    expect(earlier?.message).toBe('Grete Gruber hat „Holiday public“ kommentiert.');

    expect((await setProfile({ nickname: 'GG' })).statusCode).toBe(200);
    expect((await notificationsOf(owner))[0]?.message).toBe('GG commented on “Holiday public”.');
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
