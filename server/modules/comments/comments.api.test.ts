import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { commentSchema, type Comment } from '../../../shared/api/comments.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  createComment,
  createDecision,
  decisionApi,
  insertTeamDecision,
  setNickname,
  setProfile,
} from '../../test/decision-factories.ts';
import { expectNothingChanged, snapshotAllTables } from '../../test/db-snapshot.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);

// Three people: the decision's owner and two other signed-in users.
let owner: SignedInUser;
let reader: SignedInUser;
let bystander: SignedInUser;

beforeAll(async () => {
  [owner, reader, bystander] = await Promise.all([
    createSignedInUser(app),
    createSignedInUser(app),
    createSignedInUser(app),
  ]);
  await setNickname(app, owner, 'Olga');
});

const COMMENT_FIELDS = Object.keys(commentSchema.shape).sort();

function expectCommentBody(body: unknown): asserts body is Comment {
  expect(Object.keys(body as object).sort()).toEqual(COMMENT_FIELDS);
  expect(commentSchema.strict().safeParse(body).success).toBe(true);
}

async function commentsOf(caller: SignedInUser, decisionId: number): Promise<Comment[]> {
  const response = await api.listComments(caller, decisionId);
  expect(response.statusCode).toBe(200);
  return response.json<Comment[]>();
}

async function commentRow(id: number) {
  return app.database.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

async function publicDecision() {
  return (await createDecision(app, owner, { type: 'public' })).decision;
}

describe('GET /api/comments/{decisionId}', () => {
  it('lists oldest first with the author’s nickname (null when unset) and per-caller rights', async () => {
    const decision = await publicDecision();
    const first = await createComment(app, owner, decision.id, 'First');
    const second = await createComment(app, reader, decision.id, 'Second');
    const third = await createComment(app, owner, decision.id, 'Third');

    const asOwner = await commentsOf(owner, decision.id);
    asOwner.forEach(expectCommentBody);
    expect(
      asOwner.map(({ id, text, user_id, nickname, decision_id }) => ({
        id,
        text,
        user_id,
        nickname,
        decision_id,
      })),
    ).toEqual([
      { id: first.id, text: 'First', user_id: owner.user.id, nickname: 'Olga', decision_id: decision.id },
      { id: second.id, text: 'Second', user_id: reader.user.id, nickname: null, decision_id: decision.id },
      { id: third.id, text: 'Third', user_id: owner.user.id, nickname: 'Olga', decision_id: decision.id },
    ]);
    const rights = (list: Comment[]) => list.map((c) => [c.can_edit, c.can_delete]);
    // The owner edits their own, and may delete every comment on their decision.
    expect(rights(asOwner)).toEqual([
      [true, true],
      [false, true],
      [true, true],
    ]);
    expect(rights(await commentsOf(reader, decision.id))).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    expect(rights(await commentsOf(bystander, decision.id))).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it('is empty for a decision without comments, and lists only that decision’s comments', async () => {
    const quiet = await publicDecision();
    const busy = await publicDecision();
    await createComment(app, owner, busy.id, 'Elsewhere');
    expect(await commentsOf(reader, quiet.id)).toEqual([]);
    expect((await commentsOf(reader, busy.id)).map((c) => c.text)).toEqual(['Elsewhere']);
  });

  it('shows a changed nickname on earlier comments', async () => {
    const decision = await publicDecision();
    const author = await createSignedInUser(app);
    await createComment(app, author, decision.id, 'Hi');
    await setNickname(app, author, 'Newname');
    expect((await commentsOf(owner, decision.id)).map((c) => c.nickname)).toEqual(['Newname']);
  });

  it('names every author by the display-name rule: nickname, else first and last name, else the local part', async () => {
    const decision = await publicDecision();
    const named = await createSignedInUser(app);
    const bare = await createSignedInUser(app, { email: uniqueEmail('max.m') });
    await setProfile(app, named, { first_name: 'Johanna', last_name: 'Berg' });
    await createComment(app, owner, decision.id, 'One');
    await createComment(app, named, decision.id, 'Two');
    await createComment(app, bare, decision.id, 'Three');
    expect((await commentsOf(reader, decision.id)).map((c) => [c.nickname, c.display_name])).toEqual([
      ['Olga', 'Olga'],
      [null, 'Johanna Berg'],
      [null, bare.email.split('@')[0]],
    ]);
  });
});

/** Comment ids that name no comment, for the edit and delete endpoints: [case, id, status, code, fields]. */
const UNKNOWN_COMMENT_IDS: [
  string,
  number | string,
  400 | 404,
  'VALIDATION_FAILED' | 'NOT_FOUND',
  string[]?,
][] = [
  ['an unknown comment id', 987_654, 404, 'NOT_FOUND'],
  ['a non-numeric comment id', 'abc', 400, 'VALIDATION_FAILED', ['id']],
];

describe('POST /api/comments', () => {
  it('a reader comments on a public decision: 201 with the trimmed text and author fields', async () => {
    const decision = await publicDecision();
    const response = await api.postComment(reader, { decision_id: decision.id, text: '   Sounds right  ' });
    expect(response.statusCode).toBe(201);
    const comment = response.json();
    expectCommentBody(comment);
    expect(comment).toMatchObject({
      decision_id: decision.id,
      user_id: reader.user.id,
      text: 'Sounds right',
      nickname: null,
      avatar_url: null,
      can_edit: true,
      can_delete: true,
    });
    expect(Date.now() - Date.parse(comment.created_at)).toBeLessThan(60_000);
    expect(await commentRow(comment.id)).toMatchObject({ text: 'Sounds right', user_id: reader.user.id });
    expect(await commentsOf(owner, decision.id)).toEqual([{ ...comment, can_edit: false, can_delete: true }]);
  });

  it('accepts a decision id sent as a numeric string and text of exactly the limit', async () => {
    const decision = await publicDecision();
    const text = 'x'.repeat(LIMITS.comment.max);
    const response = await api.postComment(owner, { decision_id: String(decision.id), text });
    expect(response.statusCode).toBe(201);
    expect(response.json<Comment>().text).toBe(text);
  });

  it('the limit applies to the trimmed text', async () => {
    const decision = await publicDecision();
    const text = `  ${'x'.repeat(LIMITS.comment.max)}  `;
    const response = await api.postComment(owner, { decision_id: decision.id, text });
    expect(response.statusCode).toBe(201);
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ['blank text', { text: ' ' }, { text: en.validation.commentEmpty }],
    ['empty text', { text: '' }, { text: en.validation.commentEmpty }],
    ['whitespace and newlines only', { text: ' \n\t ' }, { text: en.validation.commentEmpty }],
    ['missing text', {}, { text: en.validation.required }],
    ['text that is not a string', { text: 42 }, { text: en.validation.invalidType }],
    ['text over the limit', { text: 'x'.repeat(LIMITS.comment.max + 1) }, { text: en.validation.tooLong }],
  ];

  it.each(refusals)('refuses %s with 400 and stores nothing', async (_case, payload, fields) => {
    const decision = await publicDecision();
    const response = await expectNothingChanged(app, () =>
      api.postComment(reader, { decision_id: decision.id, ...payload }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: Object.keys(fields) });
    expect(body.fields).toEqual(fields);
  });

  it.each<[string, Record<string, unknown>, 400 | 404, 'VALIDATION_FAILED' | 'NOT_FOUND', string[]?]>([
    ['a missing decision id', { text: 'Hi' }, 400, 'VALIDATION_FAILED', ['decision_id']],
    [
      'a decision id that is not a number',
      { decision_id: 'abc', text: 'Hi' },
      400,
      'VALIDATION_FAILED',
      ['decision_id'],
    ],
    ['a decision id of 0', { decision_id: 0, text: 'Hi' }, 400, 'VALIDATION_FAILED', ['decision_id']],
    ['a negative decision id', { decision_id: -3, text: 'Hi' }, 400, 'VALIDATION_FAILED', ['decision_id']],
    ['a fractional decision id', { decision_id: 1.5, text: 'Hi' }, 400, 'VALIDATION_FAILED', ['decision_id']],
    ['an unknown decision id', { decision_id: 987_654, text: 'Hi' }, 404, 'NOT_FOUND'],
  ])('refuses %s (%i %s) and stores nothing', async (_case, payload, status, code, fields) => {
    const response = await expectNothingChanged(app, () => api.postComment(reader, payload));
    expectApiError(response, status, code, { fields });
  });

  it('explains a blank comment in German with Accept-Language: de', async () => {
    const decision = await publicDecision();
    const response = await expectNothingChanged(app, () =>
      api.postComment(reader, { decision_id: decision.id, text: '  ' }, { 'accept-language': 'de' }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { language: 'de', fields: ['text'] });
    expect(body.error).toBe('Einige Felder sind ungültig. Bitte prüfe deine Eingaben.');
    expect(body.fields).toEqual({ text: 'Der Kommentar darf nicht leer sein.' });
  });

  it('team members of every role may comment; outsiders get 404', async () => {
    const [viewer, outsider] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
    const team = await insertTeamDecision(app, {
      ownerId: owner.user.id,
      members: [{ userId: viewer.user.id, role: 'viewer' }],
    });
    expect(
      (await api.postComment(viewer, { decision_id: team.decision.id, text: 'As a viewer' })).statusCode,
    ).toBe(201);
    const refused = await expectNothingChanged(app, () =>
      api.postComment(outsider, { decision_id: team.decision.id, text: 'Let me in' }),
    );
    expectApiError(refused, 404, 'NOT_FOUND');
  });
});

describe('PUT /api/comments/{id}', () => {
  it('the author edits their comment: trimmed text, new updated_at, visible in the list', async () => {
    const decision = await publicDecision();
    const comment = await createComment(app, reader, decision.id, 'Draft');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await api.editComment(reader, comment.id, { text: '  Final  ' });
    expect(response.statusCode).toBe(200);
    const edited = response.json();
    expectCommentBody(edited);
    expect(edited).toMatchObject({
      id: comment.id,
      text: 'Final',
      user_id: reader.user.id,
      created_at: comment.created_at,
    });
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(comment.updated_at));
    expect((await commentsOf(owner, decision.id)).map((c) => c.text)).toEqual(['Final']);
  });

  it.each([
    ['blank text', ' ', en.validation.commentEmpty],
    ['over-long text', 'x'.repeat(LIMITS.comment.max + 1), en.validation.tooLong],
  ])('refuses %s from the author and keeps the old text', async (_case, text, message) => {
    const decision = await publicDecision();
    const comment = await createComment(app, reader, decision.id, 'Keep');
    const response = await expectNothingChanged(app, () => api.editComment(reader, comment.id, { text }));
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['text'] });
    expect(body.fields).toEqual({ text: message });
  });

  it.each([
    ['a bystander', () => bystander],
    ['the decision owner', () => owner],
  ])('%s gets 403 on a public decision; the text stays', async (_case, intruder) => {
    const decision = await publicDecision();
    const comment = await createComment(app, reader, decision.id, 'Mine');
    const response = await expectNothingChanged(app, () =>
      api.editComment(intruder(), comment.id, { text: 'Rewritten' }),
    );
    expectApiError(response, 403, 'FORBIDDEN');
    expect((await commentRow(comment.id))?.text).toBe('Mine');
  });

  it('others get 404 on a private decision', async () => {
    const { decision } = await createDecision(app, owner);
    const comment = await createComment(app, owner, decision.id, 'Private note');
    const response = await expectNothingChanged(app, () =>
      api.editComment(reader, comment.id, { text: 'Seen it' }),
    );
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it.each(UNKNOWN_COMMENT_IDS)(
    '%s answers %i %s, changing nothing',
    async (_case, id, status, code, fields) => {
      const response = await expectNothingChanged(app, () => api.editComment(owner, id, { text: 'x' }));
      expectApiError(response, status, code, { fields });
    },
  );

  it('a refusal is translated with Accept-Language: de', async () => {
    const decision = await publicDecision();
    const comment = await createComment(app, reader, decision.id, 'Mine');
    const response = await api.editComment(
      bystander,
      comment.id,
      { text: 'Nope' },
      { 'accept-language': 'de' },
    );
    expect(expectApiError(response, 403, 'FORBIDDEN', { language: 'de' }).error).toBe(
      'Dazu bist du nicht berechtigt.',
    );
  });
});

describe('DELETE /api/comments/{id}', () => {
  it('the author deletes their comment', async () => {
    const decision = await publicDecision();
    const kept = await createComment(app, owner, decision.id, 'Stays');
    const comment = await createComment(app, reader, decision.id, 'Oops');
    const response = await api.deleteComment(reader, comment.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: en.api.commentDeleted });
    expect(await commentRow(comment.id)).toBeUndefined();
    expect((await commentsOf(owner, decision.id)).map((c) => c.id)).toEqual([kept.id]);
  });

  it('the decision owner deletes someone else’s comment on their public decision', async () => {
    const decision = await publicDecision();
    const comment = await createComment(app, reader, decision.id, 'Spam');
    const response = await api.deleteComment(owner, comment.id);
    expect(response.statusCode).toBe(200);
    expect(await commentRow(comment.id)).toBeUndefined();
  });

  it('another non-author gets 403 and the comment stays', async () => {
    const decision = await publicDecision();
    const readerComment = await createComment(app, reader, decision.id, 'By the reader');
    const ownerComment = await createComment(app, owner, decision.id, 'By the owner');
    for (const target of [readerComment, ownerComment]) {
      const response = await expectNothingChanged(app, () => api.deleteComment(bystander, target.id));
      expectApiError(response, 403, 'FORBIDDEN');
    }
    // A reader cannot remove the owner's comment either.
    expectApiError(
      await expectNothingChanged(app, () => api.deleteComment(reader, ownerComment.id)),
      403,
      'FORBIDDEN',
    );
  });

  it('a team admin is not the owner: 403 on someone else’s comment', async () => {
    const [admin, editor] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
    const team = await insertTeamDecision(app, {
      ownerId: owner.user.id,
      members: [
        { userId: admin.user.id, role: 'admin' },
        { userId: editor.user.id, role: 'editor' },
      ],
    });
    const comment = await createComment(app, editor, team.decision.id, 'Editor here');
    expectApiError(
      await expectNothingChanged(app, () => api.deleteComment(admin, comment.id)),
      403,
      'FORBIDDEN',
    );
    expect((await api.deleteComment(owner, comment.id)).statusCode).toBe(200);
  });

  it('others get 404 on a private decision', async () => {
    const { decision } = await createDecision(app, owner);
    const comment = await createComment(app, owner, decision.id, 'Private');
    expectApiError(
      await expectNothingChanged(app, () => api.deleteComment(reader, comment.id)),
      404,
      'NOT_FOUND',
    );
  });

  it.each(UNKNOWN_COMMENT_IDS)(
    '%s answers %i %s, changing nothing',
    async (_case, id, status, code, fields) => {
      const response = await expectNothingChanged(app, () => api.deleteComment(owner, id));
      expectApiError(response, status, code, { fields });
    },
  );

  it('confirms in German with Accept-Language: de', async () => {
    const decision = await publicDecision();
    const comment = await createComment(app, reader, decision.id, 'Weg damit');
    const response = await api.deleteComment(reader, comment.id, { 'accept-language': 'de' });
    expect(response.json()).toEqual({ message: 'Kommentar gelöscht.' });
    expect(de.api.commentDeleted).toBe('Kommentar gelöscht.');
  });

  it('a comment on a decision turned private is out of reach for its non-owner author', async () => {
    const { decision } = await createDecision(app, owner, { type: 'public' });
    const comment = await createComment(app, reader, decision.id, 'Before the switch');
    expect((await api.update(owner, decision.id, { name: decision.name, type: 'private' })).statusCode).toBe(
      200,
    );
    expectApiError(
      await expectNothingChanged(app, () => api.deleteComment(reader, comment.id)),
      404,
      'NOT_FOUND',
    );
  });
});

// Every comment endpoint × private/public decision × owner/other/anonymous. The owner's comment is the target
// of PUT and DELETE; for "other" that means someone else's comment.
describe('visibility of every comment endpoint', () => {
  type Caller = 'owner' | 'other' | 'anonymous';
  type Fixture = { decisionId: number; commentId: number };
  type Call = (caller: SignedInUser | undefined, fx: Fixture) => Promise<LightMyRequestResponse>;

  const endpoints: Record<string, { call: Call; owner: number; publicOther: number; writes: boolean }> = {
    'GET list': {
      call: (c, fx) => api.listComments(c, fx.decisionId),
      owner: 200,
      publicOther: 200,
      writes: false,
    },
    POST: {
      call: (c, fx) => api.postComment(c, { decision_id: fx.decisionId, text: 'Hello' }),
      owner: 201,
      publicOther: 201,
      writes: true,
    },
    PUT: {
      call: (c, fx) => api.editComment(c, fx.commentId, { text: 'Changed' }),
      owner: 200,
      publicOther: 403,
      writes: true,
    },
    DELETE: {
      call: (c, fx) => api.deleteComment(c, fx.commentId),
      owner: 200,
      publicOther: 403,
      writes: true,
    },
  };

  const cases: [string, 'private' | 'public', Caller][] = [];
  for (const name of Object.keys(endpoints)) {
    for (const type of ['private', 'public'] as const) {
      for (const caller of ['owner', 'other', 'anonymous'] as const) cases.push([name, type, caller]);
    }
  }

  it.each(cases)('%s on a %s decision by %s', async (name, type, caller) => {
    const endpoint = endpoints[name]!;
    const { decision } = await createDecision(app, owner, { type });
    const comment = await createComment(app, owner, decision.id, 'Owner’s note');
    const fixture = { decisionId: decision.id, commentId: comment.id };
    const user = caller === 'owner' ? owner : caller === 'other' ? reader : undefined;
    const expected =
      caller === 'anonymous'
        ? 401
        : caller === 'owner'
          ? endpoint.owner
          : type === 'private'
            ? 404
            : endpoint.publicOther;

    if (expected < 300 && endpoint.writes) {
      const before = await snapshotAllTables(app);
      const response = await endpoint.call(user, fixture);
      expect(response.statusCode).toBe(expected);
      expect((await snapshotAllTables(app)).comments).not.toEqual(before.comments);
      return;
    }
    const response = await expectNothingChanged(app, () => endpoint.call(user, fixture));
    if (expected === 401) expectApiError(response, 401, 'UNAUTHORIZED');
    else if (expected === 404) expectApiError(response, 404, 'NOT_FOUND');
    else if (expected === 403) expectApiError(response, 403, 'FORBIDDEN');
    else {
      expect(response.statusCode).toBe(200);
      expect(response.json<Comment[]>().map((c) => c.id)).toEqual([comment.id]);
    }
  });

  it('GET list with an unknown decision id → 404, a non-numeric one → 400', async () => {
    expectApiError(await api.listComments(owner, 987_654), 404, 'NOT_FOUND');
    expectApiError(await api.listComments(owner, 'abc'), 400, 'VALIDATION_FAILED', {
      fields: ['decisionId'],
    });
  });

  it('a 404 is translated with Accept-Language: de', async () => {
    const { decision } = await createDecision(app, owner);
    const response = await api.listComments(reader, decision.id, { 'accept-language': 'de' });
    expect(expectApiError(response, 404, 'NOT_FOUND', { language: 'de' }).error).toBe('Nicht gefunden.');
  });
});

describe('per-user limit on new comments (shared/limits.ts defaults)', () => {
  const { perUserPerMinute, perUserPerHour } = LIMITS.comment;
  let limited: TestApp;
  let decisionId: number;

  beforeAll(async () => {
    limited = await buildTestApp({
      authRateLimitPerMinute: 10_000,
      commentRateLimit: { perMinute: perUserPerMinute, perHour: perUserPerHour },
    });
    const decisionOwner = await createSignedInUser(limited.app);
    decisionId = (await createDecision(limited.app, decisionOwner, { type: 'public' })).decision.id;
  });
  afterAll(() => limited.close());
  afterEach(() => vi.useRealTimers());

  // Each address differs, so only a per-user limit can stop the author.
  let address = 0;
  const post = (user: SignedInUser, text = 'Me again') =>
    limited.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      headers: user.headers,
      payload: { decision_id: decisionId, text },
    });

  function expectLimited(response: LightMyRequestResponse, maxRetryAfter: number) {
    expectApiError(response, 429, 'RATE_LIMITED');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  }

  it(`refuses the ${perUserPerMinute + 1}th comment of a minute, storing and notifying nothing`, async () => {
    const author = await createSignedInUser(limited.app);
    for (let i = 0; i < perUserPerMinute; i += 1)
      expect((await post(author, `Comment ${i}`)).statusCode).toBe(201);
    expectLimited(await expectNothingChanged(limited.app, () => post(author)), 60);
    // Someone else is not held back by the flooder.
    expect((await post(await createSignedInUser(limited.app))).statusCode).toBe(201);
  });

  it(`refuses the ${perUserPerHour + 1}th comment of an hour, even spread over minutes`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const steady = await createSignedInUser(limited.app);
    for (let posted = 0; posted < perUserPerHour; posted += perUserPerMinute) {
      for (let i = 0; i < perUserPerMinute; i += 1) expect((await post(steady)).statusCode).toBe(201);
      vi.setSystemTime(Date.now() + 61_000);
    }
    const refused = await expectNothingChanged(limited.app, () => post(steady));
    expectLimited(refused, 3600);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });
});

// Issue 16: a comment may be about one cell of the matrix ("Discuss" on the team view).
describe('comments about a cell', () => {
  const team = teamApi(() => app);

  async function teamWithMember() {
    const created = await createTeamDecision(app, owner, { name: 'Cells' });
    const member = await addMember(app, owner, created.decision.id, 'editor');
    return {
      created,
      member,
      cell: { option_id: created.optionIds[1]!, criterion_id: created.criterionIds[0]! },
    };
  }

  it('stores the cell, lists it, and an edit keeps it', async () => {
    const { created, member, cell } = await teamWithMember();
    const response = await api.postComment(member, {
      decision_id: created.decision.id,
      text: 'Why so low?',
      ...cell,
    });
    expect(response.statusCode, response.body).toBe(201);
    const comment = response.json<Comment>();
    expectCommentBody(comment);
    expect(comment).toMatchObject(cell);
    const general = await createComment(app, owner, created.decision.id, 'On the whole');
    expect(general).toMatchObject({ option_id: null, criterion_id: null });

    expect(
      (await commentsOf(owner, created.decision.id)).map((c) => [c.text, c.option_id, c.criterion_id]),
    ).toEqual([
      ['Why so low?', cell.option_id, cell.criterion_id],
      ['On the whole', null, null],
    ]);
    const edited = await api.editComment(member, comment.id, { text: 'Why so low, really?' });
    expect(edited.json<Comment>()).toMatchObject({ text: 'Why so low, really?', ...cell });
  });

  it('accepts explicit nulls as a comment on the decision', async () => {
    const { created, member } = await teamWithMember();
    const response = await api.postComment(member, {
      decision_id: created.decision.id,
      text: 'General',
      option_id: null,
      criterion_id: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Comment>()).toMatchObject({ option_id: null, criterion_id: null });
  });

  it.each([
    ['only the option', 'option', 'criterion_id'],
    ['only the criterion', 'criterion', 'option_id'],
  ] as const)(
    'refuses %s with 400 naming the missing field; nothing stored',
    async (_case, given, missing) => {
      const { created, member, cell } = await teamWithMember();
      const payload =
        given === 'option' ? { option_id: cell.option_id } : { criterion_id: cell.criterion_id };
      const response = await expectNothingChanged(app, () =>
        api.postComment(member, { decision_id: created.decision.id, text: 'Half a cell', ...payload }),
      );
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [missing] });
      expect(body.fields?.[missing]).toBe(en.validation.cellBoth);
    },
  );

  it('refuses an option or criterion of another decision with 400 naming it; nothing stored', async () => {
    const { created, member, cell } = await teamWithMember();
    const other = await createTeamDecision(app, owner, { name: 'Elsewhere' });
    const foreignOption = await expectNothingChanged(app, () =>
      api.postComment(member, {
        decision_id: created.decision.id,
        text: 'Wrong cell',
        option_id: other.optionIds[0],
        criterion_id: cell.criterion_id,
      }),
    );
    const optionBody = expectApiError(foreignOption, 400, 'VALIDATION_FAILED', { fields: ['option_id'] });
    expect(optionBody.fields?.option_id).toBe(en.validation.unknownOption);

    const foreignCriterion = await expectNothingChanged(app, () =>
      api.postComment(member, {
        decision_id: created.decision.id,
        text: 'Wrong cell',
        option_id: cell.option_id,
        criterion_id: other.criterionIds[0],
      }),
    );
    const criterionBody = expectApiError(foreignCriterion, 400, 'VALIDATION_FAILED', {
      fields: ['criterion_id'],
    });
    expect(criterionBody.fields?.criterion_id).toBe(en.validation.unknownCriterion);

    const bothUnknown = await expectNothingChanged(app, () =>
      api.postComment(member, {
        decision_id: created.decision.id,
        text: 'Nowhere',
        option_id: 2_000_000_000,
        criterion_id: 2_000_000_001,
      }),
    );
    expectApiError(bothUnknown, 400, 'VALIDATION_FAILED', { fields: ['option_id', 'criterion_id'] });
  });

  it('a comment about a removed option stays, about the decision as a whole', async () => {
    const { created, member, cell } = await teamWithMember();
    const comment = await createComment(app, member, created.decision.id, 'About Oslo', cell);
    const saved = await team.teamEdit(owner, created.decision.id, {
      options: [{ id: created.optionIds[0], name: 'Lisbon' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await commentRow(comment.id)).toMatchObject({
      text: 'About Oslo',
      option_id: null,
      criterion_id: null,
    });
    expect((await commentsOf(member, created.decision.id))[0]).toMatchObject({
      option_id: null,
      criterion_id: null,
    });
  });
});
