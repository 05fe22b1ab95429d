import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import { preferredLanguage } from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { assertAcceptablePassword, hashPassword, generateToken, hashToken } from '../auth/index.ts';
import type { SessionStreams } from '../../realtime/session-streams.ts';
import type { UsersRepo } from '../users/index.ts';
import type { PasswordResetRepo } from './repo.ts';

const VALID_MS = LIMITS.passwordReset.validMinutes * 60_000;

export function createPasswordResetService(deps: {
  resets: PasswordResetRepo;
  users: UsersRepo;
  mailer: Mailer;
  appUrl: string;
  log: { info(obj: object, msg: string): void };
  sessionStreams: SessionStreams;
}) {
  const { resets, users, mailer, appUrl, log, sessionStreams } = deps;

  return {
    /**
     * Mails a single-use link when the account exists and has not had too many links this hour.
     * The lookup runs after the caller has answered (in the mailer's queue), so known and unknown
     * addresses take the same time to answer.
     */
    requestReset(email: string, requestLanguage: Language): void {
      mailer.sendPrepared(async () => {
        const user = await users.findByEmail(email);
        if (!user) {
          log.info({ reason: 'UNKNOWN_ACCOUNT' }, 'password reset mail not sent');
          return undefined;
        }
        const issued = await resets.countIssuedSince(user.id, isoNow(-3600_000));
        if (issued >= LIMITS.passwordReset.mailsPerAccountPerHour) {
          log.info({ reason: 'ACCOUNT_LIMIT', userId: user.id }, 'password reset mail not sent');
          return undefined;
        }
        const token = generateToken();
        await resets.insert(user.id, hashToken(token), isoNow(), isoNow(VALID_MS));
        const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        return {
          to: user.email,
          ...passwordResetMail(preferredLanguage(user.language, requestLanguage), { link }),
        };
      });
    },

    async assertUsable(token: string): Promise<void> {
      if ((await resets.userOfUsable(hashToken(token), isoNow())) === undefined)
        throw new AppError('INVALID_RESET_LINK');
    },

    async resetPassword(token: string, password: string): Promise<void> {
      // The account's address is one of the words a password must not be, so the link is read first.
      const holder = await resets.userOfUsable(hashToken(token), isoNow());
      const user = holder === undefined ? undefined : await users.findById(holder);
      if (!user) throw new AppError('INVALID_RESET_LINK');
      assertAcceptablePassword('password', password, user.email);
      const passwordHash = await hashPassword(password);
      const userId = await resets.consumeAndSetPassword(hashToken(token), passwordHash, isoNow());
      if (userId === undefined) throw new AppError('INVALID_RESET_LINK');
      await sessionStreams.endSessions(userId, { allExcept: null });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
