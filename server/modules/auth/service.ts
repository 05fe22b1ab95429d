import { LIMITS, type Language } from '../../../shared/limits.ts';
import { PASSWORD_RULE_MESSAGE } from '../../../shared/password-rules.ts';
import { AppError } from '../../app-error.ts';
import { isoNow, isoPeriod } from '../../db/values.ts';
import type { SignedInSession } from '../../plugins/auth.ts';
import { preferredLanguage } from '../../i18n.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { registrationAttemptMail } from '../../mail/templates.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import type { SessionStreams } from '../../realtime/session-streams.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { dummyPasswordHash, hashPassword, verifyPassword, weakPasswordRule } from './passwords.ts';
import type { SessionsRepo } from './repo.ts';
import type { SessionClient } from './session-client.ts';
import { createSessionCache, keepSession } from './session-cache.ts';
import { generateToken, hashToken } from './tokens.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { RateLimitCounters } from '../../db/rate-limit-counters.ts';

const DAY_MS = 24 * 3600_000;
const SESSION_MS = LIMITS.session.days * DAY_MS;
const SESSION_LIFETIME_MS = LIMITS.session.absoluteDays * DAY_MS;
const SLIDE_AFTER_MS = LIMITS.session.slideAfterMinutes * 60_000;

/** 30 days from now, but never beyond 90 days after the session began, however active it is. */
function slidExpiry(createdAt: string | Date): string {
  const lifetimeEnd = new Date(createdAt).getTime() + SESSION_LIFETIME_MS;
  return new Date(Math.min(Date.now() + SESSION_MS, lifetimeEnd)).toISOString();
}

/**
 * Refuses a new password that breaks a rule of `shared/password-rules.ts` or is on the common list:
 * 400 WEAK_PASSWORD, the field's message naming the rule. `email` is the account's address.
 */
export function assertAcceptablePassword(field: string, password: string, email: string): void {
  const rule = weakPasswordRule(password, email);
  if (rule) throw new AppError('WEAK_PASSWORD', { [field]: PASSWORD_RULE_MESSAGE[rule] });
}

export function createAuthService(deps: {
  users: UsersRepo;
  sessions: SessionsRepo;
  /** Tells the session cache what other writers changed (db/change-feed.ts). */
  changes: ChangeFeed;
  loginThrottle: LoginThrottle;
  /** Where the "someone tried to register" mails of each account are counted (any instance). */
  counters: Pick<RateLimitCounters, 'takeSlot'>;
  sessionStreams: SessionStreams;
  /**
   * A new account's confirmation mail, or none over the hourly limit: modules/email-verification, which
   * builds on this module's tokens, handed in by app.ts so that auth imports nothing of it.
   */
  prepareConfirmationMail: (user: UserRow, language: Language) => Promise<MailMessage | undefined>;
  mailer: Mailer;
  appUrl: string;
  /** Whether an invitation token came from the mail to this address (modules/team). */
  isInvitedAddress: (inviteToken: string, email: string) => Promise<boolean>;
  /**
   * After a right password: the token of the second step when the account has a second factor, else
   * undefined. modules/mfa, which builds on this module, handed in by app.ts.
   */
  startSecondFactorStep: (userId: number, passwordChangeRequired: boolean) => Promise<string | undefined>;
}) {
  const { users, sessions, loginThrottle, sessionStreams, prepareConfirmationMail, mailer, appUrl } = deps;
  void dummyPasswordHash(); // computed now, so the first unknown-account login is not slower
  const sessionCache = createSessionCache(deps.changes);

  /**
   * The mail to the owner of an address someone tried to register, unless that account had its
   * `LIMITS.registrationAttempt` share in the last 24 hours: one slot per mail in the shared counters,
   * so the limit holds in any 24 hours and across instances. Runs in the mailer's queue, after the
   * answer, so the answer is the same whether a mail goes out or not.
   */
  async function prepareRegistrationAttemptMail(email: string, requestLanguage: Language) {
    const owner = await users.findByEmail(email);
    if (!owner) return undefined;
    const { mailsPerAccountPerDay } = LIMITS.registrationAttempt;
    const key = `mail:registration-attempt:user:${owner.id}`;
    if (!(await deps.counters.takeSlot(key, mailsPerAccountPerDay, DAY_MS, Date.now()))) return undefined;
    return {
      to: owner.email,
      ...registrationAttemptMail(preferredLanguage(owner.language, requestLanguage), {
        loginLink: `${appUrl}/login`,
        resetLink: `${appUrl}/forgot-password`,
      }),
    };
  }

  /**
   * The one place sessions begin (password, second factor, passkey): each records the client it began
   * on (`sessionClientOf(request)`) for the list of sessions.
   */
  async function startSession(userId: number, client: SessionClient): Promise<string> {
    const token = generateToken();
    await sessions.insert(userId, hashToken(token), isoPeriod(SESSION_MS), client);
    return token;
  }

  return {
    startSession,

    /**
     * Creates the account and mails its confirmation link, or, when the address is taken, mails its
     * owner that someone tried. Both cost one password hash and one insert before the caller gets
     * the same answer; the mail is worked out afterwards in the mailer's queue, so neither the
     * answer nor its timing tells whether the address had an account.
     */
    async register(input: {
      email: string;
      password: string;
      language: Language;
      inviteToken?: string | null;
    }): Promise<void> {
      assertAcceptablePassword('password', input.password, input.email);
      const passwordHash = await hashPassword(input.password);
      // A token from the invitation mail to this very address proves it: no second confirmation.
      const isProven = input.inviteToken
        ? await deps.isInvitedAddress(input.inviteToken, input.email)
        : false;
      const created = await users.insert(input.email, passwordHash, input.language, { isVerified: isProven });
      mailer.sendPrepared(async () => {
        if (created && isProven) return undefined;
        if (created) return prepareConfirmationMail(created, input.language);
        return prepareRegistrationAttemptMail(input.email, input.language);
      });
    },

    /**
     * Starts a session for the right password, or, when the account has a second factor, the second
     * step (`mfaToken`; POST /api/login/mfa ends it). `passwordChangeRequired`: the typed password breaks
     * today's rules (set before they were stricter); it keeps working and the client asks for a new one.
     * `address` is the client's IP: failures count per (account, address), see login-throttle.ts.
     */
    async login(
      email: string,
      password: string,
      address: string,
      client: SessionClient,
    ): Promise<{ token: string; user: UserRow; passwordChangeRequired: boolean } | { mfaToken: string }> {
      const verdict = await loginThrottle.check(email, address);
      if (!verdict.ok) {
        const code = verdict.reason === 'ACCOUNT_DELAYED' ? 'LOGIN_DELAYED' : 'RATE_LIMITED';
        throw new AppError(code, undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
      const user = await users.findByEmail(email);
      const isValid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
      if (!user || !isValid) {
        await loginThrottle.recordFailure(email, address);
        throw new AppError('INVALID_CREDENTIALS');
      }
      const passwordChangeRequired = weakPasswordRule(password, user.email) !== null;
      const mfaToken = await deps.startSecondFactorStep(user.id, passwordChangeRequired);
      // The failure count of this address stays until the code is right too: else a password holder
      // could clear it between batches of guessed codes.
      if (mfaToken) return { mfaToken };
      await loginThrottle.recordSuccess(email, address);
      return { token: await startSession(user.id, client), user, passwordChangeRequired };
    },

    /**
     * Resolves a bearer token (the auth plugin's `SessionVerifier`); extends the 30-day expiry at most
     * once per hour to spare writes, never beyond the session's 90-day lifetime.
     */
    async authenticate(token: string): Promise<SignedInSession | undefined> {
      const tokenHash = hashToken(token);
      const now = isoNow();
      const found = await sessionCache.read(
        tokenHash,
        () => sessions.findValidWithUser(tokenHash, now),
        keepSession,
      );
      if (!found) return undefined;
      const {
        session_id,
        session_created_at,
        session_last_used_at,
        session_expires_at: _expiry,
        ...user
      } = found;
      if (Date.now() - new Date(session_last_used_at).getTime() > SLIDE_AFTER_MS) {
        const expiresAt = slidExpiry(session_created_at);
        await sessions.slide(session_id, now, expiresAt);
        sessionCache.replace(tokenHash, (cached) => ({
          ...cached,
          session_last_used_at: now,
          session_expires_at: expiresAt,
        }));
      }
      return { user, tokenHash, sessionId: session_id, apiToken: null };
    },

    purgeExpiredSessions(): Promise<void> {
      return sessions.deleteExpired(isoNow());
    },

    /** The caller's live sessions, most recently used first; `isCurrent` marks the caller's own. */
    async listSessions(session: SignedInSession) {
      const rows = await sessions.listOfUser(session.user.id, isoNow());
      return rows.map(({ token_hash, ...row }) => ({ ...row, isCurrent: token_hash === session.tokenHash }));
    },

    /** Ends one of the caller's sessions (their own signs them out); another user's id is unknown: 404. */
    async endSession(session: SignedInSession, sessionId: number): Promise<void> {
      if (!(await sessions.deleteOneOfUser(session.user.id, sessionId))) throw new AppError('NOT_FOUND');
      await sessionStreams.endSessions(session.user.id, { sessionId });
    },

    /** "Sign out everywhere else": every session of the caller but the one of this request. */
    async endOtherSessions(session: SignedInSession): Promise<void> {
      await sessions.deleteOfUser(session.user.id, session.tokenHash);
      await sessionStreams.endSessions(session.user.id, { allExcept: session.sessionId });
    },

    async logout(session: SignedInSession): Promise<void> {
      await sessions.deleteByHash(session.tokenHash);
      await sessionStreams.endSessions(session.user.id, { sessionId: session.sessionId });
    },

    /** Keeps the caller's own session and ends every other one. */
    async changePassword(session: SignedInSession, oldPassword: string, newPassword: string): Promise<void> {
      if (!(await verifyPassword(session.user.password_hash, oldPassword))) {
        throw new AppError('WRONG_PASSWORD', { oldPassword: 'errors.WRONG_PASSWORD' });
      }
      assertAcceptablePassword('newPassword', newPassword, session.user.email);
      const passwordHash = await hashPassword(newPassword);
      // The new password and the end of every other session commit together or not at all.
      await sessions.transaction(async (trx) => {
        await users.setPasswordHash(session.user.id, passwordHash, trx);
        await sessions.deleteOfUser(session.user.id, session.tokenHash, trx);
      });
      await sessionStreams.endSessions(session.user.id, { allExcept: session.sessionId });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
