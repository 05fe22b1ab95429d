import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import {
  decisionDetailsSchema,
  decisionSchema,
  teamMemberSchema,
  type Decision,
  type DecisionDetails,
  type DecisionListItem,
} from '../../../shared/api/decisions.ts';
import { inviteResponseSchema, validateInvitationResponseSchema } from '../../../shared/api/team.ts';
import { ERROR_STATUS, type ErrorCode } from '../../../shared/errors.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { hashToken } from '../auth/tokens.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { decisionApi, setNickname, setProfile } from '../../test/decision-factories.ts';
import { solidImage } from '../../test/images.ts';
import { fileUpload } from '../../test/multipart.ts';
import {
  createSignedInUser,
  DEFAULT_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '../../test/factories.ts';
import { useSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import {
  acceptInvitation,
  addMember,
  expireInvitation,
  ageInvitationMails,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  insertInvitations,
  inviteByEmail,
  minutesFromNow,
  notificationsOf,
  teamApi,
  type InviteResponse,
} from '../../test/team-factories.ts';
import { expectNothingChanged, snapshotAllTables } from '../../test/db-snapshot.ts';

const APP_URL = 'https://decide.example.org';

const smtp = useSmtpServer();
const { app } = useTestApp(() => ({ authRateLimitPerMinute: 10_000, appUrl: APP_URL, smtpUrl: smtp.url }));
const api = teamApi(() => app);
const decisions = decisionApi(() => app);

async function invitationRow(id: number) {
  return app.database.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function membershipsOf(decisionId: number) {
  return app.database.db
    .selectFrom('team_members')
    .select(['user_id', 'role'])
    .where('decision_id', '=', decisionId)
    .orderBy('id')
    .execute();
}

/** The one invitation mail to the address (a registered invitee also got a confirmation mail). */
async function mailTo(email: string): Promise<ReceivedMail> {
  await app.mailer.idle();
  const mails = smtp.messages.filter(
    (mail) => mail.envelopeTo.includes(email) && mail.text?.includes(`${APP_URL}/invite?token=`),
  );
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

const byNumbers = (a: (number | null)[], b: (number | null)[]) =>
  a.reduce<number>((order, value, index) => order || (value ?? 0) - (b[index] ?? 0), 0);

/** The team value per cell, in a stable order. */
function sortedCells(details: DecisionDetails) {
  return [...(details.teamResults?.cells ?? [])].sort(
    (a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id,
  );
}

function vote(optionId: number, criterionId: number, value: number) {
  return { option_id: optionId, criterion_id: criterionId, value };
}

interface CreateRefusal {
  caller?: 'anonymous';
  payload: Record<string, unknown>;
  headers?: Record<string, string>;
  status: number;
  code: ErrorCode;
  language?: 'en' | 'de';
  /** The exact `fields` of the answer, key by message; omitted where the error carries none. */
  fields?: Record<string, string | undefined>;
}

const tooManyCriteria = Array.from(
  { length: LIMITS.decision.maxCriteria + 1 },
  (_, i) => `Criterion ${i + 1}`,
);

const CREATE_REFUSALS: [string, CreateRefusal][] = [
  [
    'a missing title (400 fields.name)',
    { payload: { options: ['A'] }, status: 400, code: 'VALIDATION_FAILED', fields: { name: undefined } },
  ],
  [
    'a blank title (400 fields.name "Please enter a title.")',
    {
      payload: { name: '   ' },
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { name: en.validation.titleRequired },
    },
  ],
  [
    'an empty title in German ("Bitte gib einen Titel ein.")',
    {
      payload: { name: '' },
      headers: { 'accept-language': 'de' },
      status: 400,
      code: 'VALIDATION_FAILED',
      language: 'de',
      fields: { name: 'Bitte gib einen Titel ein.' },
    },
  ],
  [
    'duplicate option names, trimmed and case-insensitive (409)',
    {
      payload: { name: 'Dupes', options: ['Lisbon', ' lisbon '] },
      status: 409,
      code: 'DUPLICATE_NAME',
      fields: { 'options.1.name': undefined },
    },
  ],
  [
    'duplicate criterion names, trimmed and case-insensitive (409)',
    {
      payload: { name: 'Dupes', criteria: [{ name: 'Cost' }, 'Speed', { name: 'COST' }] },
      status: 409,
      code: 'DUPLICATE_NAME',
      fields: { 'criteria.2.name': undefined },
    },
  ],
  [
    'more criteria than a decision may have (LIMITS.decision.maxCriteria)',
    {
      payload: { name: 'Too many criteria', criteria: tooManyCriteria },
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { criteria: undefined },
    },
  ],
  [
    'a caller without a token (401)',
    { caller: 'anonymous', payload: { name: 'Anonymous' }, status: 401, code: 'UNAUTHORIZED' },
  ],
];

describe('POST /api/team-decisions', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
  });

  it('creates a team decision (201) owned by the caller; the owner is its only member so far', async () => {
    const response = await api.createTeamDecision(owner, {
      name: '  Offsite 2025 ',
      description: 'Where and when',
      mode: 'manual',
      timer: null,
      type: 'team',
      options: [{ name: 'Lisbon' }, { name: 'Oslo' }],
      criteria: [{ name: 'Cost', importance: 70 }, { name: 'Weather' }],
    });
    expect(response.statusCode).toBe(201);
    const decision = response.json<Decision>();
    expect(Object.keys(decision).sort()).toEqual(Object.keys(decisionSchema.shape).sort());
    expect(decision).toMatchObject({
      user_id: owner.user.id,
      name: 'Offsite 2025',
      title: 'Offsite 2025',
      description: 'Where and when',
      mode: 'manual',
      type: 'team',
      timer: null,
      // Nobody voted yet: no score, never a 0 (issue 14).
      score: null,
    });

    const details = await detailsOf(app, owner, decision.id);
    expect(decisionDetailsSchema.strict().safeParse(details).success).toBe(true);
    expect(details.options.map((option) => option.name)).toEqual(['Lisbon', 'Oslo']);
    expect(details.criteria.map(({ name, importance }) => ({ name, importance }))).toEqual([
      { name: 'Cost', importance: 70 },
      { name: 'Weather', importance: 0 },
    ]);
    expect(details.userRole).toBe('owner');
    expect(details.teamMembers).toEqual([
      {
        id: null,
        user_id: owner.user.id,
        role: 'owner',
        accepted: true,
        email: owner.email,
        nickname: null,
        users: { nickname: null },
        // The display-name rule without a nickname or name: the address's local part.
        display_name: owner.email.split('@')[0],
        avatar_url: null,
        has_voted: false,
        complete: false,
        submitted_at: null,
        reopened: false,
        invitation_id: null,
      },
    ]);
    const list = await decisions.list(owner);
    expect(list.json<DecisionListItem[]>().find((item) => item.id === decision.id)).toMatchObject({
      is_team: true,
      role: 'owner',
    });
  });

  it('drops blank option and criterion rows and takes options as strings or {name}', async () => {
    const response = await api.createTeamDecision(owner, {
      name: 'Rows',
      options: ['Car', '   ', { name: ' Bike ' }, { name: '' }, ''],
      criteria: [{ name: '  ' }, { name: 'Speed', importance: 30 }, { name: '' }],
    });
    expect(response.statusCode).toBe(201);
    const details = await detailsOf(app, owner, response.json<Decision>().id);
    expect(details.options.map((option) => option.name)).toEqual(['Car', 'Bike']);
    expect(details.criteria.map(({ name, importance }) => ({ name, importance }))).toEqual([
      { name: 'Speed', importance: 30 },
    ]);
  });

  it('creates with an empty criteria list when every criterion is blank, and without any rows at all', async () => {
    const blank = await api.createTeamDecision(owner, {
      name: 'Blank',
      options: ['A'],
      criteria: [{ name: ' ' }],
    });
    expect(blank.statusCode).toBe(201);
    expect((await detailsOf(app, owner, blank.json<Decision>().id)).criteria).toEqual([]);

    const bare = await api.createTeamDecision(owner, { name: 'Bare' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ type: 'team', mode: 'manual', description: '', timer: null });
    const details = await detailsOf(app, owner, bare.json<Decision>().id);
    expect(details).toMatchObject({ options: [], criteria: [], results: { ranking: [] } });
  });

  it('stores a deadline at least 5 minutes ahead, normalised to UTC', async () => {
    const timer = new Date(Date.now() + 10 * 60_000);
    timer.setMilliseconds(0);
    // The same instant written with a +02:00 offset.
    const local = new Date(timer.getTime() + 2 * 3600_000).toISOString().replace('.000Z', '+02:00');
    const response = await api.createTeamDecision(owner, { name: 'With deadline', timer: local });
    expect(response.statusCode).toBe(201);
    expect(response.json<Decision>().timer).toBe(timer.toISOString());
    expect((await detailsOf(app, owner, response.json<Decision>().id)).timer).toBe(timer.toISOString());
  });

  it.each(CREATE_REFUSALS)('refuses %s and creates nothing', async (_case, refusal) => {
    const caller = refusal.caller === 'anonymous' ? undefined : owner;
    const response = await expectNothingChanged(app, () =>
      api.createTeamDecision(caller, refusal.payload, refusal.headers),
    );
    const body = expectApiError(response, refusal.status, refusal.code, {
      language: refusal.language,
      fields: refusal.fields && Object.keys(refusal.fields),
    });
    for (const [field, message] of Object.entries(refusal.fields ?? {})) {
      if (message !== undefined) expect(body.fields![field]).toBe(message);
    }
  });

  it.each([
    ['1 minute ahead', () => minutesFromNow(1), en.validation.deadlineTooSoon],
    ['in the past', () => minutesFromNow(-10), undefined],
    ['not a date', () => 'next friday', undefined],
    ['a date without time', () => '2031-01-01', undefined],
  ])('refuses a deadline %s with fields.timer and creates nothing', async (_case, timer, message) => {
    const response = await expectNothingChanged(app, () =>
      api.createTeamDecision(owner, { name: 'Too soon', timer: timer() }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['timer'] });
    // Says why a deadline is too soon.
    if (message) expect(body.fields!.timer).toBe(message);
  });
});

/** An owner with a team decision of their own, which the tests of one describe share. */
async function ownerWithTeamDecision() {
  const owner = await createSignedInUser(app);
  return { owner, decisionId: (await createTeamDecision(app, owner)).decision.id };
}

interface InviteRefusal {
  /** Who invites; the owner unless told. */
  caller?: 'anonymous' | 'admin';
  /** What replaces the defaults of a valid invitation to the owner's decision (with an admin beside the owner). */
  overrides: (people: { owner: SignedInUser; admin: SignedInUser }) => Record<string, unknown>;
  status: number;
  code: ErrorCode;
  fields?: string[];
}

const INVITE_REFUSALS: [string, InviteRefusal][] = [
  [
    'role admin (invitations grant editor or viewer only)',
    { overrides: () => ({ role: 'admin' }), status: 400, code: 'VALIDATION_FAILED', fields: ['role'] },
  ],
  [
    'role owner',
    { overrides: () => ({ role: 'owner' }), status: 400, code: 'VALIDATION_FAILED', fields: ['role'] },
  ],
  [
    'an invalid e-mail',
    {
      overrides: () => ({ email: 'not-an-email' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: ['email'],
    },
  ],
  [
    'a missing e-mail',
    { overrides: () => ({ email: undefined }), status: 400, code: 'VALIDATION_FAILED', fields: ['email'] },
  ],
  [
    'a missing decision id',
    {
      overrides: () => ({ decision_id: undefined }),
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: ['decision_id'],
    },
  ],
  [
    'inviting yourself (409 ALREADY_MEMBER)',
    {
      overrides: ({ owner }) => ({ email: owner.email }),
      status: 409,
      code: 'ALREADY_MEMBER',
      fields: ['email'],
    },
  ],
  [
    'inviting an existing member (409 ALREADY_MEMBER)',
    {
      overrides: ({ admin }) => ({ email: admin.email }),
      status: 409,
      code: 'ALREADY_MEMBER',
      fields: ['email'],
    },
  ],
  [
    'an admin inviting the owner, address in capitals (409 ALREADY_MEMBER)',
    {
      caller: 'admin',
      overrides: ({ owner }) => ({ email: owner.email.toUpperCase() }),
      status: 409,
      code: 'ALREADY_MEMBER',
      fields: ['email'],
    },
  ],
  [
    'an unknown decision (404)',
    { overrides: () => ({ decision_id: 987_654 }), status: 404, code: 'NOT_FOUND' },
  ],
  [
    'a caller without a token (401)',
    { caller: 'anonymous', overrides: () => ({}), status: 401, code: 'UNAUTHORIZED' },
  ],
];

describe('POST /api/team/invite: tokens, roles, members and sending again', () => {
  let owner: SignedInUser;
  let decisionId: number;
  let admin: SignedInUser;
  beforeAll(async () => {
    ({ owner, decisionId } = await ownerWithTeamDecision());
    admin = await addMember(app, owner, decisionId, 'admin');
  });

  it('answers 201 with message, invite_token (= token) and the link APP_URL/invite?token=…; only the hash is stored', async () => {
    const email = uniqueEmail('invitee');
    const response = await api.invite(owner, { decision_id: decisionId, email, role: 'viewer' });
    expect(response.statusCode).toBe(201);
    const body = response.json<InviteResponse>();
    expect(inviteResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body.message).toBe('Invitation sent.');
    expect(body.token).toBe(body.invite_token);
    // ≥ 256 bits, URL-safe.
    expect(body.invite_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(body.link).toBe(`${APP_URL}/invite?token=${body.invite_token}`);

    const row = await invitationRow(body.invitation_id);
    expect(row).toMatchObject({
      decision_id: decisionId,
      inviter_id: owner.user.id,
      email,
      role: 'viewer',
      token_hash: hashToken(body.invite_token),
      accepted_at: null,
      revoked_at: null,
    });
    const stored = JSON.stringify(await snapshotAllTables(app));
    expect(stored).not.toContain(body.invite_token);
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(lifetime - LIMITS.team.invitationDays * 24 * 3600_000)).toBeLessThan(1_000);
  });

  it('gives every invitation its own token', async () => {
    const a = await inviteByEmail(app, owner, decisionId, uniqueEmail());
    const b = await inviteByEmail(app, owner, decisionId, uniqueEmail());
    expect(a.invite_token).not.toBe(b.invite_token);
  });

  it('defaults the role to editor and lower-cases the address', async () => {
    const email = uniqueEmail('mixed');
    const response = await api.invite(owner, { decision_id: decisionId, email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(await invitationRow(response.json<InviteResponse>().invitation_id)).toMatchObject({
      email,
      role: 'editor',
    });
  });

  it.each(INVITE_REFUSALS)('refuses %s and changes nothing', async (_case, refusal) => {
    const caller = { anonymous: undefined, admin, owner }[refusal.caller ?? 'owner'];
    const overrides = refusal.overrides({ owner, admin });
    const payload = { decision_id: decisionId, email: uniqueEmail(), role: 'editor', ...overrides };
    const response = await expectNothingChanged(app, () => api.invite(caller, payload));
    expectApiError(response, refusal.status, refusal.code, { fields: refusal.fields });
  });

  it('sending an invitation again keeps it: the first link still works, with the role chosen last', async () => {
    const email = uniqueEmail('twice');
    const first = await inviteByEmail(app, owner, decisionId, email, 'editor');
    // An hour later: a mail to the same address for the same decision goes out at most once an hour.
    await ageInvitationMails(app, decisionId, email, LIMITS.team.sameAddressMailEveryMinutes);
    const second = await inviteByEmail(app, owner, decisionId, email, 'viewer');
    expect(second.invitation_id).toBe(first.invitation_id);
    expect(second.invite_token).not.toBe(first.invite_token);
    expect((await invitationRow(first.invitation_id)).revoked_at).toBeNull();
    for (const token of [first.invite_token, second.invite_token]) {
      expect((await api.validate(token)).json()).toMatchObject({ role: 'viewer' });
    }

    const members = (await api.teamMembers(owner, decisionId)).json<DecisionDetails['teamMembers']>();
    expect(members.filter((member) => member.email === email)).toEqual([
      expect.objectContaining({ accepted: false, role: 'viewer', invitation_id: first.invitation_id }),
    ]);

    // The link of the first mail is accepted after the re-send; then every link of it is used.
    const invitee = await createSignedInUser(app, { email });
    expect((await api.accept(invitee, first.invite_token)).json()).toMatchObject({ decision_id: decisionId });
    expect(await membershipsOf(decisionId)).toContainEqual({ user_id: invitee.user.id, role: 'viewer' });
    expectApiError(await api.validate(second.invite_token), 404, 'INVITATION_ALREADY_ACCEPTED');
  });

  it('counts a re-sent invitation toward the daily mail limit, not toward the pending invitations', async () => {
    const sender = await createSignedInUser(app, { isNewAccount: true });
    const { decision } = await createTeamDecision(app, sender, { name: 'Resend limit' });
    const email = uniqueEmail('resent');
    await inviteByEmail(app, sender, decision.id, email);
    const limit = LIMITS.team.invitationMailsPerDay.newAccount;
    for (let sent = 1; sent < limit; sent++) {
      await ageInvitationMails(app, decision.id, email, LIMITS.team.sameAddressMailEveryMinutes);
      await inviteByEmail(app, sender, decision.id, email);
    }
    await ageInvitationMails(app, decision.id, email, LIMITS.team.sameAddressMailEveryMinutes);
    const tooMany = await expectNothingChanged(app, () =>
      api.invite(sender, { decision_id: decision.id, email }),
    );
    expectApiError(tooMany, 429, 'RATE_LIMITED', { fields: ['email'] });
    expect(
      await app.database.db
        .selectFrom('invitations')
        .select('id')
        .where('decision_id', '=', decision.id)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('POST /api/team/invite: limits and refusals', () => {
  let owner: SignedInUser;
  let decisionId: number;
  beforeAll(async () => {
    ({ owner, decisionId } = await ownerWithTeamDecision());
  });

  it(`refuses more than ${LIMITS.team.pendingInvitationsPerDecision} pending invitations per decision (409), expired and revoked ones do not count`, async () => {
    const boss = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, boss);
    const seeded = await insertInvitations(app, {
      decisionId: decision.id,
      inviterId: boss.user.id,
      count: LIMITS.team.pendingInvitationsPerDecision - 1,
      // Still pending, but sent before today, so the daily mail cap stays out of the way.
      createdAt: new Date(Date.now() - 2 * 24 * 3600_000).toISOString(),
    });
    const last = await api.invite(boss, { decision_id: decision.id, email: uniqueEmail() });
    expect(last.statusCode).toBe(201);

    const refused = await expectNothingChanged(app, () =>
      api.invite(boss, { decision_id: decision.id, email: uniqueEmail() }),
    );
    expectApiError(refused, 409, 'TOO_MANY_PENDING_INVITATIONS');

    // An expired invitation frees a place.
    await expireInvitation(app, seeded[0]!.id);
    expect((await api.invite(boss, { decision_id: decision.id, email: uniqueEmail() })).statusCode).toBe(201);
    expectApiError(
      await api.invite(boss, { decision_id: decision.id, email: uniqueEmail() }),
      409,
      'TOO_MANY_PENDING_INVITATIONS',
    );
    // So does a revoked one.
    expect((await api.revokeInvitation(boss, decision.id, seeded[1]!.id)).statusCode).toBe(200);
    expect((await api.invite(boss, { decision_id: decision.id, email: uniqueEmail() })).statusCode).toBe(201);
  });

  it.each([
    ['older than a day', 48, LIMITS.team.invitationMailsPerDay.established],
    ['younger than a day', 23, LIMITS.team.invitationMailsPerDay.newAccount],
  ])(
    'caps invitation mails of an account %s at %i per 24 hours (429 with a reason), older ones do not count',
    async (_, ageHours, limit) => {
      const busy = await createSignedInUser(app);
      await app.database.db
        .updateTable('users')
        .set({ created_at: new Date(Date.now() - ageHours * 3600_000).toISOString() })
        .where('id', '=', busy.user.id)
        .execute();
      const elsewhere = await createTeamDecision(app, busy, { name: 'Elsewhere' });
      const { decision } = await createTeamDecision(app, busy);
      // Sent more than a day ago: not counted.
      await insertInvitations(app, {
        decisionId: elsewhere.decision.id,
        inviterId: busy.user.id,
        count: 5,
        createdAt: new Date(Date.now() - 25 * 3600_000).toISOString(),
      });
      await insertInvitations(app, {
        decisionId: elsewhere.decision.id,
        inviterId: busy.user.id,
        count: limit - 1,
      });
      const lastAllowed = uniqueEmail('last');
      expect((await api.invite(busy, { decision_id: decision.id, email: lastAllowed })).statusCode).toBe(201);
      await mailTo(lastAllowed);

      const refusedEmail = uniqueEmail('refused');
      const refused = await expectNothingChanged(app, () =>
        api.invite(busy, { decision_id: decision.id, email: refusedEmail }),
      );
      const body = expectApiError(refused, 429, 'RATE_LIMITED', { fields: ['email'] });
      expect(body.fields?.email).toBe(en.validation.invitationMailLimit);
      await app.mailer.idle();
      expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(refusedEmail))).toEqual([]);
      // The limit is the inviter's, not the decision's: the owner can still invite.
      expect((await api.invite(owner, { decision_id: decisionId, email: uniqueEmail() })).statusCode).toBe(
        201,
      );
    },
  );
});

describe('the invitation e-mail (real SMTP peer)', () => {
  let owner: SignedInUser;
  let decision: Decision;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    await setNickname(app, owner, 'Olga');
    decision = (await createTeamDecision(app, owner, { name: 'Summer offsite' })).decision;
  });

  it('arrives at the invitee with subject, text and HTML part and the link; the link’s token validates and accepts', async () => {
    const email = uniqueEmail('mailed');
    const invitation = await inviteByEmail(app, owner, decision.id, email, 'editor');
    const mail = await mailTo(email);

    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.to).toContain(email);
    expect(mail.headers.from).toContain('no-reply@localhost');
    expect(mail.subject).toBe('Olga invites you to decide together: Summer offsite');
    expect(mail.text).toBeDefined();
    expect(mail.html).toBeDefined();
    expect(mail.text).toContain('Olga invites you to the team decision “Summer offsite” as Editor.');
    const token = new RegExp(`${APP_URL}/invite\\?token=([A-Za-z0-9_-]+)`).exec(mail.text!)?.[1];
    const mailedLink = `${APP_URL}/invite?token=${token}`;
    expect(mail.text).toContain(`Accept invitation: ${mailedLink}`);
    expect(mail.html).toContain(`href="${mailedLink}"`);
    expect(mail.html).toContain('<html lang="en">');
    // The mail carries a token of its own, never shown to the inviter; the inviter's link works too.
    expect(token).not.toBe(invitation.invite_token);
    expect((await api.validate(invitation.invite_token)).statusCode).toBe(200);
    const validated = await api.validate(token!);
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({
      decision_id: decision.id,
      decision_name: 'Summer offsite',
      email,
    });

    // The invitee registers from the link (with the token pending), logs in and accepts.
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: DEFAULT_PASSWORD, inviteToken: token },
    });
    expect(registered.statusCode).toBe(201);
    // The mail's token proved the address: confirmed at once, no confirmation mail (issue 25).
    const account = await app.database.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.email_verified_at).not.toBeNull();
    await app.mailer.idle();
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: DEFAULT_PASSWORD },
    });
    const session = login.json<{ token: string }>().token;
    const accepted = await api.accept({ headers: { authorization: `Bearer ${session}` } }, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: 'Invitation accepted.', decision_id: decision.id });
  });

  it('is written in the invitee’s saved language and escapes user text in the HTML part', async () => {
    const invitee = await createSignedInUser(app);
    const setGerman = await app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: { language: 'de' },
      headers: invitee.headers,
    });
    expect(setGerman.statusCode).toBe(200);
    const tricky = (await createTeamDecision(app, owner, { name: 'Büro <b>neu</b> & "alt"' })).decision;
    const invitation = await inviteByEmail(app, owner, tricky.id, invitee.email, 'viewer');
    const mail = await mailTo(invitee.email);

    expect(mail.subject).toBe('Olga lädt dich ein, gemeinsam zu entscheiden: Büro <b>neu</b> & "alt"');
    expect(mail.text).toContain(
      'Olga lädt dich als Betrachter zur Teamentscheidung „Büro <b>neu</b> & "alt"“ ein.',
    );
    expect(mail.text).toMatch(/Einladung annehmen: https:\/\/decide\.example\.org\/invite\?token=[\w-]+/);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Büro &#60;b&#62;neu&#60;/b&#62; &#38; &#34;alt&#34;');
    expect(mail.html).not.toContain('<b>neu</b>');
    expect(mail.html).toContain(`${APP_URL}/invite?token=`);
    expect(invitation.link).toContain(`${APP_URL}/invite?token=`);
  });

  it('a token the inviter saw, or a mail token used for another address, proves nothing: confirmation needed', async () => {
    const email = uniqueEmail('unproven');
    const invitation = await inviteByEmail(app, owner, decision.id, email);
    const mailed = new RegExp(`${APP_URL}/invite\\?token=([\\w-]+)`).exec((await mailTo(email)).text!)?.[1];
    const other = uniqueEmail('other');
    for (const [address, token] of [
      [email, invitation.invite_token],
      [other, mailed!],
    ] as const) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: address, password: DEFAULT_PASSWORD, inviteToken: token },
      });
      expect(registered.statusCode).toBe(201);
      const account = await app.database.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', address)
        .executeTakeFirstOrThrow();
      expect(account.email_verified_at).toBeNull();
    }
  });

  it('sent again, the first mail’s link still opens the invitation and is accepted', async () => {
    const email = uniqueEmail('resent-mail');
    await inviteByEmail(app, owner, decision.id, email);
    const firstMail = await mailTo(email);
    await ageInvitationMails(app, decision.id, email, LIMITS.team.sameAddressMailEveryMinutes);
    await inviteByEmail(app, owner, decision.id, email);
    const firstToken = new RegExp(`${APP_URL}/invite\\?token=([\\w-]+)`).exec(firstMail.text!)?.[1];
    const invitee = await createSignedInUser(app, { email });
    expect((await api.accept(invitee, firstToken!)).statusCode).toBe(200);
  });

  it('names an inviter without a nickname by first and last name, and the German editor role "Bearbeiter"', async () => {
    const inviter = await createSignedInUser(app);
    await setProfile(app, inviter, { first_name: 'Frida', last_name: 'Fischer' });
    const team = (await createTeamDecision(app, inviter, { name: 'Neues Büro' })).decision;
    const email = uniqueEmail('bearbeiter');
    await app.inject({
      method: 'POST',
      url: '/api/team/invite',
      payload: { decision_id: team.id, email, role: 'editor' },
      headers: { ...inviter.headers, 'accept-language': 'de' },
    });
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Frida Fischer lädt dich ein, gemeinsam zu entscheiden: Neues Büro');
    expect(mail.text).toContain(
      'Frida Fischer lädt dich als Bearbeiter zur Teamentscheidung „Neues Büro“ ein.',
    );
  });
});

describe('GET /api/team/validate/{token}', () => {
  let owner: SignedInUser;
  let decision: Decision;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    decision = (await createTeamDecision(app, owner, { name: 'Validate me' })).decision;
  });

  it('needs no sign-in and tells role, decision, inviter (nickname, else the address’s local part), e-mail and expiry', async () => {
    const email = uniqueEmail('v');
    const invitation = await inviteByEmail(app, owner, decision.id, email, 'viewer');
    const response = await api.validate(invitation.invite_token);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(validateInvitationResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      role: 'viewer',
      decision_id: decision.id,
      decision_name: 'Validate me',
      inviter: owner.email.split('@')[0],
      email,
    });
    const expiresIn = new Date(body.expires_at as string).getTime() - Date.now();
    expect(Math.abs(expiresIn - LIMITS.team.invitationDays * 24 * 3600_000)).toBeLessThan(60_000);

    await setNickname(app, owner, 'Vera');
    expect((await api.validate(invitation.invite_token)).json()).toMatchObject({ inviter: 'Vera' });
    // Validating does not use the token up.
    expect((await api.validate(invitation.invite_token)).statusCode).toBe(200);
  });

  it('gives the same 404 for unknown and expired tokens; used and withdrawn ones say what to do next', async () => {
    const expired = await inviteByEmail(app, owner, decision.id, uniqueEmail());
    await expireInvitation(app, expired.invitation_id);
    const used = await inviteByEmail(app, owner, decision.id, uniqueEmail());
    await acceptInvitation(app, await createSignedInUser(app), used.invite_token);
    const revoked = await inviteByEmail(app, owner, decision.id, uniqueEmail());
    expect((await api.revokeInvitation(owner, decision.id, revoked.invitation_id)).statusCode).toBe(200);

    const tokens = { unknown: 'x'.repeat(43), expired: expired.invite_token };
    for (const [language, message] of [
      ['en', 'Invalid or expired invitation link.'],
      ['de', 'Ungültiger oder abgelaufener Einladungslink.'],
    ] as const) {
      const bodies = [];
      for (const token of Object.values(tokens)) {
        const response = await expectNothingChanged(app, () =>
          api.validate(token, { 'accept-language': language }),
        );
        bodies.push(expectApiError(response, 404, 'INVALID_INVITATION', { language }));
      }
      expect(bodies.every((body) => body.error === message)).toBe(true);
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    }
    expect(
      expectApiError(await api.validate(used.invite_token), 404, 'INVITATION_ALREADY_ACCEPTED'),
    ).toMatchObject({
      error: 'This invitation was already accepted. Log in to open the decision.',
    });
    const withdrawn = await api.validate(revoked.invite_token, { 'accept-language': 'de' });
    expect(expectApiError(withdrawn, 404, 'INVITATION_REVOKED', { language: 'de' })).toMatchObject({
      error: 'Diese Einladung wurde zurückgezogen. Bitte die Person, die dich eingeladen hat, um eine neue.',
    });
  });

  it('answers an over-long token with the API’s error body ({error, code}), never a 500', async () => {
    for (const length of [101, 201]) {
      const response = await api.validate('t'.repeat(length));
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['code', 'error']);
      expect(Object.keys(ERROR_STATUS)).toContain(body.code);
    }
  });
});

describe('POST /api/team/accept', () => {
  let owner: SignedInUser;
  let decision: Decision;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    decision = (await createTeamDecision(app, owner, { name: 'Accept me' })).decision;
  });

  it('makes the caller a member with the invited role and answers {message, decision_id}', async () => {
    const invitee = await createSignedInUser(app);
    const invitation = await inviteByEmail(app, owner, decision.id, invitee.email, 'viewer');
    const response = await api.accept(invitee, invitation.invite_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Invitation accepted.', decision_id: decision.id });

    expect(await membershipsOf(decision.id)).toContainEqual({ user_id: invitee.user.id, role: 'viewer' });
    expect(await invitationRow(invitation.invitation_id)).toMatchObject({ accepted_by: invitee.user.id });
    const details = await detailsOf(app, invitee, decision.id);
    expect(details.userRole).toBe('viewer');
    const list = (await decisions.list(invitee)).json<DecisionListItem[]>();
    expect(list.find((item) => item.id === decision.id)).toMatchObject({ is_team: true, role: 'viewer' });
    // Single use: the member who accepted it is sent to the decision again, anybody else is refused.
    expect((await api.accept(invitee, invitation.invite_token)).json()).toEqual({
      message: 'You already accepted this invitation.',
      decision_id: decision.id,
    });
    const other = await createSignedInUser(app);
    const refused = await expectNothingChanged(app, () => api.accept(other, invitation.invite_token));
    expectApiError(refused, 404, 'INVITATION_ALREADY_ACCEPTED');
    // Removed since: the old link no longer opens the decision.
    expect((await api.removeMember(owner, decision.id, invitee.user.id)).statusCode).toBe(200);
    expectApiError(await api.accept(invitee, invitation.invite_token), 404, 'INVITATION_ALREADY_ACCEPTED');
  });

  it('may be used by whoever holds the link, even under another address', async () => {
    const invitation = await inviteByEmail(app, owner, decision.id, uniqueEmail('meant-for'));
    const holder = await createSignedInUser(app);
    expect((await api.accept(holder, invitation.invite_token)).statusCode).toBe(200);
    expect(await membershipsOf(decision.id)).toContainEqual({ user_id: holder.user.id, role: 'editor' });
  });

  it('20 parallel accepts of one token give exactly one 200 and exactly one membership', async () => {
    const { decision: race } = await createTeamDecision(app, owner, { name: 'Race' });
    const invitation = await inviteByEmail(app, owner, race.id, uniqueEmail('race'));
    const contenders = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(app)));

    const responses = await Promise.all(contenders.map((user) => api.accept(user, invitation.invite_token)));
    const winners = responses.flatMap((response, index) =>
      response.statusCode === 200 ? [contenders[index]!] : [],
    );
    expect(winners).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(404);
      expect(['INVALID_INVITATION', 'INVITATION_ALREADY_ACCEPTED']).toContain(response.json().code);
    }
    expect(await membershipsOf(race.id)).toEqual([{ user_id: winners[0]!.user.id, role: 'editor' }]);
    expect(await invitationRow(invitation.invitation_id)).toMatchObject({ accepted_by: winners[0]!.user.id });
  });

  describe('refusals', () => {
    let admin: SignedInUser;
    let viewer: SignedInUser;
    let stranger: SignedInUser;
    /** Tokens by what became of them; each row names the one it presents. */
    let tokens: Record<'byAdmin' | 'forSomeoneElse' | 'pending' | 'expired' | 'revoked', string>;
    beforeAll(async () => {
      admin = await addMember(app, owner, decision.id, 'admin');
      viewer = await addMember(app, owner, decision.id, 'viewer');
      stranger = await createSignedInUser(app);
      const byAdmin = await inviteByEmail(app, admin, decision.id, uniqueEmail());
      const forSomeoneElse = await inviteByEmail(
        app,
        owner,
        decision.id,
        uniqueEmail('someone-else'),
        'editor',
      );
      const pending = await inviteByEmail(app, owner, decision.id, uniqueEmail());
      const expired = await inviteByEmail(app, owner, decision.id, uniqueEmail());
      await expireInvitation(app, expired.invitation_id);
      const revoked = await inviteByEmail(app, owner, decision.id, uniqueEmail());
      await api.revokeInvitation(owner, decision.id, revoked.invitation_id);
      tokens = {
        byAdmin: byAdmin.invite_token,
        forSomeoneElse: forSomeoneElse.invite_token,
        pending: pending.invite_token,
        expired: expired.invite_token,
        revoked: revoked.invite_token,
      };
    });

    type Caller = 'anonymous' | 'owner' | 'admin' | 'viewer' | 'stranger';
    interface AcceptRefusal {
      caller: Caller;
      token: keyof typeof tokens | 'unknown-token' | 'none';
      status: number;
      code: ErrorCode;
      fields?: string[];
      /** The refused token still validates: the refusal did not use it up. */
      staysValid?: true;
    }

    it.each<[string, AcceptRefusal]>([
      [
        'the inviter accepting their own invitation (409 CANNOT_ACCEPT_OWN)',
        { caller: 'admin', token: 'byAdmin', status: 409, code: 'CANNOT_ACCEPT_OWN', staysValid: true },
      ],
      [
        'the owner accepting an invitation to their decision (409 CANNOT_ACCEPT_OWN)',
        { caller: 'owner', token: 'byAdmin', status: 409, code: 'CANNOT_ACCEPT_OWN', staysValid: true },
      ],
      [
        'someone who already belongs (409 ALREADY_MEMBER), without using up the invitee’s token',
        { caller: 'viewer', token: 'forSomeoneElse', status: 409, code: 'ALREADY_MEMBER', staysValid: true },
      ],
      [
        'an unknown token (404 INVALID_INVITATION)',
        { caller: 'stranger', token: 'unknown-token', status: 404, code: 'INVALID_INVITATION' },
      ],
      [
        'an expired token (404 INVALID_INVITATION)',
        { caller: 'stranger', token: 'expired', status: 404, code: 'INVALID_INVITATION' },
      ],
      [
        'a revoked token (404 INVITATION_REVOKED)',
        { caller: 'stranger', token: 'revoked', status: 404, code: 'INVITATION_REVOKED' },
      ],
      [
        'a caller without a token (401)',
        { caller: 'anonymous', token: 'pending', status: 401, code: 'UNAUTHORIZED', staysValid: true },
      ],
      [
        'a missing invite_token (400)',
        {
          caller: 'stranger',
          token: 'none',
          status: 400,
          code: 'VALIDATION_FAILED',
          fields: ['invite_token'],
        },
      ],
    ])('refuses %s and changes nothing', async (_case, refusal) => {
      const caller = { anonymous: undefined, owner, admin, viewer, stranger }[refusal.caller];
      const token =
        refusal.token === 'none'
          ? undefined
          : refusal.token === 'unknown-token'
            ? refusal.token
            : tokens[refusal.token];
      const response = await expectNothingChanged(app, () => api.accept(caller, token));
      expectApiError(response, refusal.status, refusal.code, { fields: refusal.fields });
      if (refusal.staysValid) expect((await api.validate(token!)).statusCode).toBe(200);
      expect(await membershipsOf(decision.id)).toContainEqual({ user_id: viewer.user.id, role: 'viewer' });
    });
  });
});

describe('GET /api/team/team-members/{id}: names, avatars and order', () => {
  it('names every member by the display-name rule and carries their avatar; details agree', async () => {
    const owner = await createSignedInUser(app);
    await setProfile(app, owner, { first_name: 'Olivia', last_name: 'Ostrowski' });
    const { payload, headers } = fileUpload(await solidImage('png'), 'me.png', 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload,
      headers: { ...headers, ...owner.headers },
    });
    expect(uploaded.statusCode).toBe(200);
    const { decision } = await createTeamDecision(app, owner);
    const nicknamed = await addMember(app, owner, decision.id, 'editor');
    await setProfile(app, nicknamed, { nickname: 'Nick', first_name: 'Nicholas', last_name: 'Neu' });
    const bare = await addMember(app, owner, decision.id, 'viewer');
    const pendingEmail = uniqueEmail('pending.person');
    await inviteByEmail(app, owner, decision.id, pendingEmail, 'editor');

    const members = (await api.teamMembers(nicknamed, decision.id)).json<DecisionDetails['teamMembers']>();
    expect(members.map(({ display_name, avatar_url }) => [display_name, avatar_url])).toEqual([
      ['Olivia Ostrowski', uploaded.json<{ avatar_url: string }>().avatar_url],
      ['Nick', null],
      [bare.email.split('@')[0], null],
      // A pending invitation: the address as typed.
      [pendingEmail.split('@')[0], null],
    ]);
    expect((await detailsOf(app, bare, decision.id)).teamMembers).toEqual(members);
  });

  it('lists the owner first, then accepted members in order, then pending invitations (accepted false)', async () => {
    const owner = await createSignedInUser(app);
    await setNickname(app, owner, 'Otto');
    const { decision } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    await setNickname(app, editor, 'Edda');
    const viewer = await addMember(app, owner, decision.id, 'viewer');
    const registered = await createSignedInUser(app);
    const pendingRegistered = await inviteByEmail(app, owner, decision.id, registered.email, 'viewer');
    const strangerEmail = uniqueEmail('stranger');
    const pendingStranger = await inviteByEmail(app, owner, decision.id, strangerEmail, 'editor');
    // Neither revoked nor expired invitations are listed.
    const revoked = await inviteByEmail(app, owner, decision.id, uniqueEmail());
    await api.revokeInvitation(owner, decision.id, revoked.invitation_id);
    await insertInvitations(app, {
      decisionId: decision.id,
      inviterId: owner.user.id,
      count: 1,
      expiresAt: minutesFromNow(-1),
    });

    const response = await api.teamMembers(viewer, decision.id);
    expect(response.statusCode).toBe(200);
    const members = response.json<DecisionDetails['teamMembers']>();
    members.forEach((member) => expect(teamMemberSchema.strict().safeParse(member).success).toBe(true));
    expect(
      members.map(({ user_id, role, accepted, email, nickname, invitation_id }) => ({
        user_id,
        role,
        accepted,
        email,
        nickname,
        invitation_id,
      })),
    ).toEqual([
      {
        user_id: owner.user.id,
        role: 'owner',
        accepted: true,
        email: owner.email,
        nickname: 'Otto',
        invitation_id: null,
      },
      {
        user_id: editor.user.id,
        role: 'editor',
        accepted: true,
        email: editor.email,
        nickname: 'Edda',
        invitation_id: null,
      },
      {
        user_id: viewer.user.id,
        role: 'viewer',
        accepted: true,
        email: viewer.email,
        nickname: null,
        invitation_id: null,
      },
      {
        // Pending: the address as typed, never the account behind it.
        user_id: null,
        role: 'viewer',
        accepted: false,
        email: registered.email,
        nickname: null,
        invitation_id: pendingRegistered.invitation_id,
      },
      {
        user_id: null,
        role: 'editor',
        accepted: false,
        email: strangerEmail,
        nickname: null,
        invitation_id: pendingStranger.invitation_id,
      },
    ]);
    expect(members[1]!.users).toEqual({ nickname: 'Edda' });
    expect(members[0]!.id).toBeNull();
    expect(members[1]!.id).toEqual(expect.any(Number));
    expect(members[3]!.id).toBeNull();
  });
});

describe('GET /api/team/team-members/{id}: pending invitations and personal decisions', () => {
  it('a pending invitation never reveals that the address has an account (user id, nickname) until accepted', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const invitee = await createSignedInUser(app);
    await setNickname(app, invitee, 'Secret');
    const stranger = uniqueEmail('stranger');
    const invitation = await inviteByEmail(app, owner, decision.id, invitee.email, 'editor');
    await inviteByEmail(app, owner, decision.id, stranger, 'editor');

    const pendingRows = async () => {
      const listed = await api.teamMembers(owner, decision.id);
      expect(listed.statusCode).toBe(200);
      const fromList = listed.json<DecisionDetails['teamMembers']>().filter((member) => !member.accepted);
      const fromDetails = (await detailsOf(app, owner, decision.id)).teamMembers.filter((m) => !m.accepted);
      expect(fromDetails).toEqual(fromList);
      return fromList;
    };
    const [pendingInvitee, pendingStranger] = await pendingRows();
    expect(pendingInvitee).toEqual({
      id: null,
      user_id: null,
      role: 'editor',
      accepted: false,
      email: invitee.email,
      nickname: null,
      users: { nickname: null },
      // The address as typed, never the account's name or avatar.
      display_name: invitee.email.split('@')[0],
      avatar_url: null,
      has_voted: false,
      complete: false,
      submitted_at: null,
      reopened: false,
      invitation_id: invitation.invitation_id,
    });
    // Same shape as the address without an account: nothing tells them apart but the address.
    expect({
      ...pendingStranger,
      email: invitee.email,
      display_name: invitee.email.split('@')[0],
      invitation_id: invitation.invitation_id,
    }).toEqual(pendingInvitee);
    expect(JSON.stringify(await pendingRows())).not.toContain('Secret');

    await acceptInvitation(app, invitee, invitation.invite_token);
    const members = (await api.teamMembers(owner, decision.id)).json<DecisionDetails['teamMembers']>();
    expect(members.find((member) => member.email === invitee.email)).toMatchObject({
      user_id: invitee.user.id,
      accepted: true,
      nickname: 'Secret',
      users: { nickname: 'Secret' },
      display_name: 'Secret',
    });
    expect((await detailsOf(app, owner, decision.id)).teamMembers).toEqual(members);
  });

  it('is an empty list for a personal decision the caller owns', async () => {
    const owner = await createSignedInUser(app);
    const created = await decisions.create(owner, { name: 'Personal' });
    const response = await api.teamMembers(owner, created.json<Decision>().id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    const details = await detailsOf(app, owner, created.json<Decision>().id);
    expect(details).toMatchObject({ teamMembers: [], teamResults: null, weightsByUser: {} });
  });
});

describe('PUT /api/team/{decisionId}/members/{userId} (role change)', () => {
  let owner: SignedInUser;
  let decisionId: number;
  let member: SignedInUser;
  let outsider: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    decisionId = (await createTeamDecision(app, owner, { name: 'Roles' })).decision.id;
    member = await addMember(app, owner, decisionId, 'editor');
    outsider = await createSignedInUser(app);
  });

  it.each([
    ['admin', { canEdit: true, canVote: true, canWeight: true, canInvite: true, canManageMembers: false }],
    [
      'viewer',
      { canEdit: false, canVote: false, canWeight: false, canInvite: false, canManageMembers: false },
    ],
    ['editor', { canEdit: false, canVote: true, canWeight: true, canInvite: false, canManageMembers: false }],
  ] as const)('the owner sets the role %s; the member’s rights follow', async (role, abilities) => {
    const response = await api.changeRole(owner, decisionId, member.user.id, role);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Role changed.' });
    const details = await detailsOf(app, member, decisionId);
    expect(details.userRole).toBe(role);
    expect(details.abilities).toMatchObject({ ...abilities, canDelete: false, canComment: true });
    expect(await membershipsOf(decisionId)).toEqual([{ user_id: member.user.id, role }]);
  });

  it('tells the member about the new role in their language', async () => {
    await api.changeRole(owner, decisionId, member.user.id, 'viewer');
    const [latest] = await notificationsOf(app, member, { 'accept-language': 'de' });
    expect(latest).toMatchObject({ kind: 'role_changed', decision_id: decisionId });
    expect(latest!.message).toBe('Deine Rolle in „Roles“ ist jetzt Betrachter.');
    await api.changeRole(owner, decisionId, member.user.id, 'editor');
  });

  it.each<[string, { target: 'member' | 'outsider' | 'owner' | 'unknown'; role: string | undefined }]>([
    ['role owner', { target: 'member', role: 'owner' }],
    ['an unknown role', { target: 'member', role: 'boss' }],
    ['a missing role', { target: 'member', role: undefined }],
  ])('refuses %s with 400 fields.role and changes nothing', async (_case, { role }) => {
    const response = await expectNothingChanged(app, () =>
      api.changeRole(owner, decisionId, member.user.id, role),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['role'] });
  });

  it.each([
    ['a user who is not a member', () => outsider.user.id],
    ['the owner', () => owner.user.id],
    ['an unknown user', () => 987_654],
  ])('answers 404 for %s and changes nothing', async (_case, userId) => {
    const response = await expectNothingChanged(app, () =>
      api.changeRole(owner, decisionId, userId(), 'admin'),
    );
    expectApiError(response, 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/team/{decisionId}/members/{userId}', () => {
  it('removes the member with their votes and weights and recomputes the team result', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner, { name: 'Removal' });
    const [lisbon, oslo] = optionIds as [number, number];
    const [cost, weather] = criterionIds as [number, number];
    const editor = await addMember(app, owner, decision.id, 'editor');
    expect(
      (
        await api.evaluate(owner, decision.id, [
          vote(lisbon, cost, 2),
          vote(oslo, cost, 4),
          vote(lisbon, weather, 5),
          vote(oslo, weather, 5),
        ])
      ).statusCode,
    ).toBe(200);
    expect((await api.evaluate(editor, decision.id, [vote(lisbon, cost, 10)])).statusCode).toBe(200);
    expect(
      (
        await api.weights(editor, decision.id, [
          { criterion_id: cost, weight: 100 },
          { criterion_id: weather, weight: 0 },
        ])
      ).statusCode,
    ).toBe(200);
    // Team weights: the editor's 100 / 0 and the owner's empty ones as the importances 60 / 40 → 80 / 20.
    // Lisbon (6 × 80 + 5 × 20) / 100 = 5.8 (Cost (2 + 10) / 2 = 6), Oslo (4 × 80 + 5 × 20) / 100 = 4.2.
    const before = await detailsOf(app, owner, decision.id);
    expect(before.results.ranking.map(({ option_id, total }) => [option_id, total])).toEqual([
      [lisbon, 5.8],
      [oslo, 4.2],
    ]);
    expect(before.decision.score).toBe(5.8);

    const response = await api.removeMember(owner, decision.id, editor.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Member removed.' });

    // Back to the importances 60 / 40 and the owner's votes alone: Lisbon 3.2, Oslo 4.4.
    const after = await detailsOf(app, owner, decision.id);
    expect(after.results.ranking.map(({ option_id, total }) => [option_id, total])).toEqual([
      [oslo, 4.4],
      [lisbon, 3.2],
    ]);
    expect(after.decision.score).toBe(4.4);
    expect(after.weightsByUser).toEqual({});
    expect(after.evaluations.every((evaluation) => evaluation.user_id === owner.user.id)).toBe(true);
    expect(after.teamMembers.map((member) => member.user_id)).toEqual([owner.user.id]);
    const leftovers = await app.database.db
      .selectFrom('evaluations')
      .select('id')
      .where('user_id', '=', editor.user.id)
      .execute();
    expect(leftovers).toEqual([]);

    expectApiError(await api.details(editor, decision.id), 404, 'NOT_FOUND');
    const [removed] = await notificationsOf(app, editor);
    expect(removed).toMatchObject({
      kind: 'member_removed',
      message: 'You were removed from the decision “Removal”.',
    });

    const again = await expectNothingChanged(app, () => api.removeMember(owner, decision.id, editor.user.id));
    expectApiError(again, 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/team/{decisionId}/invitations/{invitationId}', () => {
  it('revokes a pending invitation: its token stops working and it leaves the member list', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const admin = await addMember(app, owner, decision.id, 'admin');
    const first = await inviteByEmail(app, owner, decision.id, uniqueEmail());
    const second = await inviteByEmail(app, owner, decision.id, uniqueEmail());

    const response = await api.revokeInvitation(owner, decision.id, first.invitation_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Invitation revoked.' });
    expectApiError(await api.validate(first.invite_token), 404, 'INVITATION_REVOKED');
    const invitee = await createSignedInUser(app);
    expectApiError(await api.accept(invitee, first.invite_token), 404, 'INVITATION_REVOKED');
    const pending = (await api.teamMembers(owner, decision.id))
      .json<DecisionDetails['teamMembers']>()
      .filter((member) => !member.accepted);
    expect(pending.map((member) => member.invitation_id)).toEqual([second.invitation_id]);

    // An admin may revoke too.
    expect((await api.revokeInvitation(admin, decision.id, second.invitation_id)).statusCode).toBe(200);
  });

  describe('answers 404, changing nothing, for', () => {
    let owner: SignedInUser;
    let decisionId: number;
    let invitations: Record<'revoked' | 'accepted' | 'foreign', InviteResponse>;
    beforeAll(async () => {
      owner = await createSignedInUser(app);
      decisionId = (await createTeamDecision(app, owner)).decision.id;
      const other = await createTeamDecision(app, owner, { name: 'Other' });
      const revoked = await inviteByEmail(app, owner, decisionId, uniqueEmail());
      await api.revokeInvitation(owner, decisionId, revoked.invitation_id);
      const accepted = await inviteByEmail(app, owner, decisionId, uniqueEmail());
      await acceptInvitation(app, await createSignedInUser(app), accepted.invite_token);
      const foreign = await inviteByEmail(app, owner, other.decision.id, uniqueEmail());
      invitations = { revoked, accepted, foreign };
    });

    it.each([
      ['an already revoked invitation', () => invitations.revoked.invitation_id],
      ['an accepted invitation', () => invitations.accepted.invitation_id],
      ['another decision’s invitation', () => invitations.foreign.invitation_id],
      ['an unknown invitation', () => 987_654],
    ])('%s', async (_case, invitationId) => {
      const response = await expectNothingChanged(app, () =>
        api.revokeInvitation(owner, decisionId, invitationId()),
      );
      expectApiError(response, 404, 'NOT_FOUND');
      expect((await api.validate(invitations.foreign.invite_token)).statusCode).toBe(200);
    });
  });
});

describe('POST /api/decision/{id}/activate', () => {
  it('marks the decision active and notifies every member except the caller (kind decision_activated)', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner, { name: 'Go live' });
    const editor = await addMember(app, owner, decision.id, 'editor');
    const viewer = await addMember(app, owner, decision.id, 'viewer');
    const admin = await addMember(app, owner, decision.id, 'admin');

    const response = await api.activate(owner, decision.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Decision has been activated' });
    const row = await app.database.db
      .selectFrom('decisions')
      .select('activated_at')
      .where('id', '=', decision.id)
      .executeTakeFirstOrThrow();
    expect(row.activated_at).not.toBeNull();

    for (const member of [editor, viewer, admin]) {
      const activated = (await notificationsOf(app, member)).filter((n) => n.kind === 'decision_activated');
      expect(activated).toEqual([
        expect.objectContaining({
          decision_id: decision.id,
          inviter_id: owner.user.id,
          link: `/team-decision/${decision.id}`,
          message: 'The decision “Go live” is now active: add your weights and votes.',
          read: false,
          can_accept: false,
        }),
      ]);
    }
    expect((await notificationsOf(app, owner)).some((n) => n.kind === 'decision_activated')).toBe(false);

    // Activated by the admin: the owner hears of it, the admin does not.
    expect((await api.activate(admin, decision.id)).statusCode).toBe(200);
    expect((await notificationsOf(app, owner)).filter((n) => n.kind === 'decision_activated')).toHaveLength(
      1,
    );
    expect((await notificationsOf(app, admin)).filter((n) => n.kind === 'decision_activated')).toHaveLength(
      1,
    );
  });
});

describe('PATCH /api/decision/{id}/timer', () => {
  let owner: SignedInUser;
  let admin: SignedInUser;
  let editor: SignedInUser;
  let decisionId: number;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    decisionId = (await createTeamDecision(app, owner, { name: 'Deadline' })).decision.id;
    admin = await addMember(app, owner, decisionId, 'admin');
    editor = await addMember(app, owner, decisionId, 'editor');
  });

  it('sets a deadline (owner or admin), answers it in UTC and tells the members', async () => {
    const timer = new Date(Date.now() + 30 * 60_000);
    timer.setMilliseconds(0);
    const local = new Date(timer.getTime() + 2 * 3600_000).toISOString().replace('.000Z', '+02:00');
    const response = await api.setTimer(admin, decisionId, local);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deadline saved.', timer: timer.toISOString() });
    const details = await detailsOf(app, editor, decisionId);
    expect(details.timer).toBe(timer.toISOString());
    expect(details.decision.timer).toBe(timer.toISOString());
    expect(details.abilities).toMatchObject({ canVote: true, canWeight: true });

    for (const member of [owner, editor]) {
      expect((await notificationsOf(app, member)).filter((n) => n.kind === 'deadline_changed')).toEqual([
        expect.objectContaining({
          message: 'The deadline of “Deadline” has changed.',
          inviter_id: admin.user.id,
        }),
      ]);
    }
  });

  it('voting_ended is null while voting is open, and names nobody once the deadline simply passed', async () => {
    const { decision } = await createTeamDecision(app, owner, { name: 'Passing deadline' });
    expect((await api.setTimer(owner, decision.id, minutesFromNow(60))).statusCode).toBe(200);
    expect((await detailsOf(app, owner, decision.id)).voting_ended).toBeNull();
    const passed = minutesFromNow(-1);
    await app.database.db
      .updateTable('decisions')
      .set({ timer: passed })
      .where('id', '=', decision.id)
      .execute();
    expect((await detailsOf(app, owner, decision.id)).voting_ended).toEqual({ by: null, at: passed });
  });

  it('clears the deadline with null', async () => {
    await api.setTimer(owner, decisionId, minutesFromNow(60));
    const response = await api.setTimer(owner, decisionId, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deadline saved.', timer: null });
    expect((await detailsOf(app, owner, decisionId)).timer).toBeNull();
  });

  it.each([
    ['1 minute ahead', () => ({ timer: minutesFromNow(1) })],
    ['5 minutes ago', () => ({ timer: minutesFromNow(-5) })],
    ['that is not a date', () => ({ timer: 'soon' })],
    ['that is missing', () => ({})],
  ])('refuses a deadline %s (400 fields.timer) and changes nothing', async (_case, payload) => {
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'PATCH',
        url: `/api/decision/${decisionId}/timer`,
        payload: payload(),
        headers: owner.headers,
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['timer'] });
  });

  it('answers in German with Accept-Language: de', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/decision/${decisionId}/timer`,
      payload: { timer: minutesFromNow(20) },
      headers: { ...owner.headers, 'accept-language': 'de' },
    });
    expect(response.json()).toMatchObject({ message: de.api.deadlineSaved });
  });
});

describe('POST /api/decision/{id}/end-voting', () => {
  it('sets the deadline to now; afterwards votes, weights and edits get 409 DEADLINE_PASSED for everyone, comments still work', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner, { name: 'Ending' });
    const admin = await addMember(app, owner, decision.id, 'admin');
    const editor = await addMember(app, owner, decision.id, 'editor');
    const viewer = await addMember(app, owner, decision.id, 'viewer');
    const cell = vote(optionIds[0]!, criterionIds[0]!, 7);
    expect((await api.evaluate(editor, decision.id, [cell])).statusCode).toBe(200);

    const response = await api.endVoting(admin, decision.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; timer: string }>();
    expect(body.message).toBe('Voting has ended.');
    expect(Math.abs(Date.parse(body.timer) - Date.now())).toBeLessThan(10_000);
    expect((await detailsOf(app, owner, decision.id)).timer).toBe(body.timer);
    // Who ended it and when: the screens say "Voting ended by … on …" (issue 25).
    for (const reader of [owner, viewer]) {
      expect((await detailsOf(app, reader, decision.id)).voting_ended).toEqual({
        by: { id: admin.user.id, name: admin.email.split('@')[0] },
        at: body.timer,
      });
    }

    for (const member of [owner, editor, viewer]) {
      expect((await notificationsOf(app, member)).some((n) => n.kind === 'voting_ended')).toBe(true);
    }

    for (const caller of [owner, admin, editor]) {
      const details = await detailsOf(app, caller, decision.id);
      expect(details.abilities).toMatchObject({
        canEdit: false,
        canVote: false,
        canWeight: false,
        canComment: true,
      });
      expectApiError(
        await expectNothingChanged(app, () => api.evaluate(caller, decision.id, [{ ...cell, value: 1 }])),
        409,
        'DEADLINE_PASSED',
      );
      expectApiError(
        await expectNothingChanged(app, () =>
          api.weights(caller, decision.id, [{ criterion_id: criterionIds[0], weight: 50 }]),
        ),
        409,
        'DEADLINE_PASSED',
      );
    }
    for (const caller of [owner, admin]) {
      for (const call of [
        () => decisions.update(caller, decision.id, { name: 'Renamed late' }),
        () => api.setTimer(caller, decision.id, minutesFromNow(60)),
        () => api.endVoting(caller, decision.id),
      ]) {
        expectApiError(await expectNothingChanged(app, call), 409, 'DEADLINE_PASSED');
      }
    }
    const german = await api.evaluate(
      { headers: { ...editor.headers, 'accept-language': 'de' } },
      decision.id,
      [cell],
    );
    expect(expectApiError(german, 409, 'DEADLINE_PASSED', { language: 'de' }).error).toBe(
      de.errors.DEADLINE_PASSED,
    );

    for (const caller of [viewer, editor, owner]) {
      const comment = await decisions.postComment(caller, {
        decision_id: decision.id,
        text: 'Too late to vote',
      });
      expect(comment.statusCode).toBe(201);
    }
    const final = await detailsOf(app, editor, decision.id);
    expect(final.evaluations.map((e) => e.value)).toEqual([7]);
    expect(sortedCells(final)).toEqual([{ ...cell, value: 7, votes: 1 }]);
  });
});

describe('POST /api/decision/{id}/weights', () => {
  let owner: SignedInUser;
  let editor: SignedInUser;
  let decisionId: number;
  let cost: number;
  let weather: number;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { name: 'Weights' });
    decisionId = created.decision.id;
    [cost, weather] = created.criterionIds as [number, number];
    editor = await addMember(app, owner, decisionId, 'editor');
  });

  const sortedWeights = (list: { criterion_id: number; weight: number }[] | undefined) =>
    [...(list ?? [])].sort((a, b) => a.criterion_id - b.criterion_id);

  it('stores the caller’s weights (0–100) under their user id and answers the new score', async () => {
    const response = await api.weights(editor, decisionId, [
      { criterion_id: cost, weight: 0 },
      { criterion_id: weather, weight: 100 },
    ]);
    expect(response.statusCode).toBe(200);
    // Nobody has voted yet: weights alone make no result, so there is no score (not 0).
    expect(response.json()).toEqual({ message: 'Weights saved.', score: null });
    const details = await detailsOf(app, owner, decisionId);
    expect(Object.keys(details.weightsByUser)).toEqual([String(editor.user.id)]);
    expect(sortedWeights(details.weightsByUser[String(editor.user.id)])).toEqual([
      { criterion_id: cost, weight: 0 },
      { criterion_id: weather, weight: 100 },
    ]);

    expect((await api.weights(owner, decisionId, [{ criterion_id: cost, weight: 40 }])).statusCode).toBe(200);
    const both = await detailsOf(app, editor, decisionId);
    expect(sortedWeights(both.weightsByUser[String(owner.user.id)])).toEqual([
      { criterion_id: cost, weight: 40 },
    ]);
    expect(sortedWeights(both.weightsByUser[String(editor.user.id)])).toHaveLength(2);
  });

  it('replaces a weight, and null removes it', async () => {
    await api.weights(editor, decisionId, [
      { criterion_id: cost, weight: 10 },
      { criterion_id: weather, weight: 20 },
    ]);
    const response = await api.weights(editor, decisionId, [
      { criterion_id: cost, weight: null },
      { criterion_id: weather, weight: 55 },
    ]);
    expect(response.statusCode).toBe(200);
    const details = await detailsOf(app, editor, decisionId);
    expect(sortedWeights(details.weightsByUser[String(editor.user.id)])).toEqual([
      { criterion_id: weather, weight: 55 },
    ]);
  });

  it.each([
    ['101', () => [{ criterion_id: cost, weight: 101 }], ['weights.0.weight']],
    ['-1', () => [{ criterion_id: cost, weight: -1 }], ['weights.0.weight']],
    ['a string', () => [{ criterion_id: cost, weight: 'heavy' }], ['weights.0.weight']],
    ['an unknown criterion', () => [{ criterion_id: 987_654, weight: 50 }], ['weights.0.criterion_id']],
    [
      'a criterion twice',
      () => [
        { criterion_id: cost, weight: 50 },
        { criterion_id: cost, weight: 60 },
      ],
      ['weights.1'],
    ],
  ])('refuses %s with 400 and changes nothing', async (_case, weights, fields) => {
    const response = await expectNothingChanged(app, () => api.weights(editor, decisionId, weights()));
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields });
  });

  it('refuses a criterion of another decision with "This criterion does not belong to the decision."', async () => {
    const other = await createTeamDecision(app, owner, { name: 'Other weights' });
    const response = await expectNothingChanged(app, () =>
      api.weights(editor, decisionId, [{ criterion_id: other.criterionIds[0], weight: 50 }]),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['weights.0.criterion_id'] });
    expect(body.fields!['weights.0.criterion_id']).toBe(en.validation.unknownCriterion);
  });
});

describe('POST /api/decision/{id}/evaluate on a team decision', () => {
  let owner: SignedInUser;
  let editor: SignedInUser;
  let decisionId: number;
  let optionIds: number[];
  let criterionIds: number[];
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, {
      name: 'Votes',
      criteria: [{ name: 'Cost', importance: 100 }],
    });
    decisionId = created.decision.id;
    optionIds = created.optionIds;
    criterionIds = created.criterionIds;
    editor = await addMember(app, owner, decisionId, 'editor');
  });

  it('takes the team scale 0–10; each member keeps their own value per cell; the score is the team result', async () => {
    const [lisbon, oslo] = optionIds as [number, number];
    const [cost] = criterionIds as [number];
    const ownerVote = await api.evaluate(owner, decisionId, [vote(lisbon, cost, 0), vote(oslo, cost, 10)]);
    expect(ownerVote.statusCode).toBe(200);
    expect(ownerVote.json()).toEqual({ message: 'Evaluations saved.', score: 10 });
    const editorVote = await api.evaluate(editor, decisionId, [vote(lisbon, cost, 9), vote(oslo, cost, 3)]);
    expect(editorVote.json()).toEqual({ message: 'Evaluations saved.', score: 6.5 });

    // Each member sees their own values; everyone's votes reach them as team cells (mean and count).
    const asEditor = await detailsOf(app, editor, decisionId);
    expect(asEditor.evaluations.map((e) => [e.user_id, e.option_id, e.value]).sort(byNumbers)).toEqual([
      [editor.user.id, lisbon, 9],
      [editor.user.id, oslo, 3],
    ]);
    const asOwner = await detailsOf(app, owner, decisionId);
    expect(asOwner.evaluations.map((e) => [e.user_id, e.option_id, e.value]).sort(byNumbers)).toEqual([
      [owner.user.id, lisbon, 0],
      [owner.user.id, oslo, 10],
    ]);
    // Lisbon (0 + 9) / 2 = 4.5, Oslo (10 + 3) / 2 = 6.5.
    expect(sortedCells(asEditor)).toEqual([
      { option_id: lisbon, criterion_id: cost, value: 4.5, votes: 2 },
      { option_id: oslo, criterion_id: cost, value: 6.5, votes: 2 },
    ]);
    expect(asEditor.teamResults!.weights).toEqual([{ criterion_id: cost, weight: 100 }]);
    expect(
      asEditor.results.ranking.map(({ option_id, total, rank, is_top }) => [option_id, total, rank, is_top]),
    ).toEqual([
      [oslo, 6.5, 1, true],
      [lisbon, 4.5, 2, false],
    ]);

    // A second vote replaces the member's own value only: Oslo (10 + 5) / 2 = 7.5.
    await api.evaluate(editor, decisionId, [vote(oslo, cost, 5)]);
    const again = await detailsOf(app, owner, decisionId);
    expect(sortedCells(again)).toEqual([
      { option_id: lisbon, criterion_id: cost, value: 4.5, votes: 2 },
      { option_id: oslo, criterion_id: cost, value: 7.5, votes: 2 },
    ]);
    expect(again.evaluations.find((e) => e.option_id === oslo)?.value).toBe(10);
    expect(again.decision.score).toBe(7.5);
  });

  it.each([
    ['11', 11, 'evaluations.0.value'],
    ['-1', -1, 'evaluations.0.value'],
    ['5.5', 5.5, 'evaluations.0.value'],
  ])('refuses the value %s with 400 and changes nothing', async (_case, value, field) => {
    const response = await expectNothingChanged(app, () =>
      api.evaluate(editor, decisionId, [vote(optionIds[0]!, criterionIds[0]!, value)]),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
  });

  it('refuses an option of another decision with 400 and changes nothing', async () => {
    const other = await createTeamDecision(app, owner, { name: 'Other votes' });
    const response = await expectNothingChanged(app, () =>
      api.evaluate(editor, decisionId, [vote(other.optionIds[0]!, criterionIds[0]!, 5)]),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.option_id'] });
  });
});

describe('completed by AI', () => {
  it('once an AI value exists, edits, votes, weights and deadline changes get 409 COMPLETED_BY_AI; comments still work', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner, { name: 'AI done' });
    const admin = await addMember(app, owner, decision.id, 'admin');
    const editor = await addMember(app, owner, decision.id, 'editor');
    await insertAiEvaluation(app, {
      decisionId: decision.id,
      optionId: optionIds[0]!,
      criterionId: criterionIds[0]!,
      value: 8,
    });

    const cell = vote(optionIds[1]!, criterionIds[0]!, 5);
    const calls = {
      'PUT decision (owner)': () => decisions.update(owner, decision.id, { name: 'Changed', mode: 'manual' }),
      'PUT decision (admin)': () => decisions.update(admin, decision.id, { name: 'Changed' }),
      'evaluate (owner)': () => api.evaluate(owner, decision.id, [cell]),
      'evaluate (editor)': () => api.evaluate(editor, decision.id, [cell]),
      'weights (editor)': () =>
        api.weights(editor, decision.id, [{ criterion_id: criterionIds[0], weight: 10 }]),
      'weights (admin)': () =>
        api.weights(admin, decision.id, [{ criterion_id: criterionIds[0], weight: 10 }]),
      'timer (owner)': () => api.setTimer(owner, decision.id, minutesFromNow(60)),
      'end voting (admin)': () => api.endVoting(admin, decision.id),
    };
    for (const [name, call] of Object.entries(calls)) {
      const response = await expectNothingChanged(app, call);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 409 });
      expectApiError(response, 409, 'COMPLETED_BY_AI');
    }
    const german = await decisions.update(
      owner,
      decision.id,
      { name: 'Geändert' },
      { 'accept-language': 'de' },
    );
    expect(expectApiError(german, 409, 'COMPLETED_BY_AI', { language: 'de' }).error).toBe(
      'Diese Entscheidung wurde von der KI abgeschlossen und kann nicht mehr bearbeitet werden.',
    );

    const details = await detailsOf(app, owner, decision.id);
    expect(details.abilities).toMatchObject({
      canEdit: false,
      canVote: false,
      canWeight: false,
      canComment: true,
    });
    expect((await decisions.postComment(editor, { decision_id: decision.id, text: 'Nice' })).statusCode).toBe(
      201,
    );
  });
});
