import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/de.json' with { type: 'json' };
import en from '../../shared/i18n/en.json' with { type: 'json' };
import type { Comment } from '../../shared/api/comments.ts';
import type { Decision, DecisionDetails } from '../../shared/api/decisions.ts';
import { expectApiError } from './api-errors.ts';
import { useTestApp } from './use-test-app.ts';
import { createDecision, decisionApi, insertTeamDecision } from './decision-factories.ts';
import { expectNothingChanged } from './db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from './factories.ts';

// Issue 27: single-line texts refuse invisible formatting; descriptions and comments refuse
// bidi overrides, C1 controls and U+FEFF but keep line breaks. Joiners stay allowed everywhere.
const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
let owner: SignedInUser;
const api = decisionApi(() => app);
const INVISIBLE = en.validation.invisibleCharacters;

beforeAll(async () => {
  owner = await createSignedInUser(app);
});

const criterion = (name: string, extra: object = {}) => ({ name, importance: 50, ...extra });

describe('single-line texts', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a right-to-left override in the title', { name: 'Invoice \u202efdp.exe' }, 'name'],
    ['a first-strong isolate in the title', { name: 'Plan \u2068B\u2069' }, 'name'],
    ['a zero-width space in an option', { name: 'T', options: ['Car', 'Ca\u200br'] }, 'options.1'],
    [
      'a byte order mark in an option object',
      { name: 'T', options: [{ name: 'A\ufeffB' }] },
      'options.0.name',
    ],
    [
      'a line separator in a criterion',
      { name: 'T', criteria: [criterion('Cost\u2028Price')] },
      'criteria.0.name',
    ],
    [
      'a C1 control in a scale anchor',
      { name: 'T', criteria: [criterion('Cost', { anchors: { low: 'cheap\u0085', high: 'dear' } })] },
      'criteria.0.anchors.low',
    ],
    ['a paragraph separator in the title', { name: 'One\u2029Two' }, 'name'],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_case, payload, field) => {
    const response = await expectNothingChanged(app, () => api.create(owner, payload));
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
    expect(body.fields).toEqual({ [field]: INVISIBLE });
  });

  it('answers in German with Accept-Language: de', async () => {
    const response = await expectNothingChanged(app, () =>
      api.create(owner, { name: '\u202eGeheim' }, { 'accept-language': 'de' }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { language: 'de', fields: ['name'] });
    expect(body.fields).toEqual({ name: de.validation.invisibleCharacters });
  });

  it('refuses a rename with an override and keeps the stored decision', async () => {
    const { decision } = await createDecision(app, owner, { name: 'Holiday' });
    const response = await expectNothingChanged(app, () =>
      api.update(owner, decision.id, { name: 'Holiday \u202dX' }),
    );
    expect(response.json<{ fields: unknown }>().fields).toEqual({ name: INVISIBLE });
  });

  it('refuses a team decision title with an isolate', async () => {
    const { decision } = await insertTeamDecision(app, { ownerId: owner.user.id });
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'PUT',
        url: `/api/team-decisions/${decision.id}`,
        headers: owner.headers,
        payload: { name: 'Offsite \u2067X\u2069' },
      }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['name'] });
    expect(body.fields).toEqual({ name: INVISIBLE });
  });

  it('refuses a nickname with a zero-width space and keeps the profile', async () => {
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'PUT',
        url: '/api/users/update',
        headers: owner.headers,
        payload: { nickname: 'ad\u200bmin' },
      }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['nickname'] });
    expect(body.fields).toEqual({ nickname: INVISIBLE });
  });

  it('keeps joiners, which emoji and scripts need', async () => {
    const name = '👩\u200d💻 می\u200cخواهم';
    const response = await api.create(owner, { name, options: ['क्\u200dष'] });
    expect(response.statusCode).toBe(201);
    expect(response.json<Decision>().name).toBe(name);
  });
});

describe('multi-line texts', () => {
  it('refuses a bidi override in a description and saves nothing', async () => {
    const response = await expectNothingChanged(app, () =>
      api.create(owner, { name: 'T', description: 'Line one\nline \u202etwo' }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['description'] });
    expect(body.fields).toEqual({ description: INVISIBLE });
  });

  it('keeps line breaks, joiners and line separators in a description', async () => {
    const description = 'Line one\r\nline two\u2028three 👨\u200d👩\u200d👧';
    const { decision } = await createDecision(app, owner, { name: 'Family', description });
    const details = await api.details(owner, decision.id);
    expect(details.json<DecisionDetails>().decision.description).toBe(description);
  });

  it('refuses a C1 control in a comment and keeps a multi-line one', async () => {
    const { decision } = await createDecision(app, owner, { name: 'Discussed' });
    const refused = await expectNothingChanged(app, () =>
      api.postComment(owner, { decision_id: decision.id, text: 'Hi\u009b31m there' }),
    );
    const body = expectApiError(refused, 400, 'VALIDATION_FAILED', { fields: ['text'] });
    expect(body.fields).toEqual({ text: INVISIBLE });
    const kept = await api.postComment(owner, { decision_id: decision.id, text: 'First\nsecond' });
    expect(kept.statusCode).toBe(201);
    expect(kept.json<Comment>().text).toBe('First\nsecond');
  });
});

describe('texts stored before the rule', () => {
  it('leave invisible formatting out of the export file name', async () => {
    const { decision } = await createDecision(app, owner, { name: 'Invoice' });
    await app.database.db
      .updateTable('decisions')
      .set({ name: 'Invoice \u202efdp.exe\u202c\u200b' })
      .where('id', '=', decision.id)
      .execute();
    const response = await app.inject({
      method: 'GET',
      url: `/api/decision/${decision.id}/export.csv`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Invoice-fdp.exe.csv"; filename*=UTF-8''Invoice%20fdp.exe.csv`,
    );
  });
});
