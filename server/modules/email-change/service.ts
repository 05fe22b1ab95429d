import type { Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { RateLimitCounters } from '../../db/rate-limit-counters.ts';
import { isoNow, isoPeriod } from '../../db/values.ts';
import { preferredLanguage } from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { emailChangeConfirmationMail, emailChangeNoticeMail } from '../../mail/templates.ts';
import { generateToken, hashToken, verifyPassword } from '../auth/index.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import { passwordFingerprintOf, type EmailChangeRepo } from './repo.ts';

const HOUR_MS = 3600_000;

/**
 * How long the link to a new address works, and links per account in any hour (each also mails the
 * old address). Server-only: every byte of shared/limits.ts is in the landing page's bundle.
 */
export const EMAIL_CHANGE_LIMITS = { validHours: 24, mailsPerAccountPerHour: 3 } as const;
const VALID_MS = EMAIL_CHANGE_LIMITS.validHours * HOUR_MS;

export function createEmailChangeService(deps: {
  changes: EmailChangeRepo;
  users: Pick<UsersRepo, 'findById'>;
  /** Where the change mails of each account are counted (any instance). */
  counters: Pick<RateLimitCounters, 'takeSlot'>;
  mailer: Mailer;
  appUrl: string;
  /** Runs once the new address is confirmed: mails that waited for a confirmed address go out. */
  onConfirmed: (user: UserRow) => Promise<unknown>;
}) {
  const { changes, users, counters, mailer, appUrl, onConfirmed } = deps;

  return {
    /**
     * Mails a single-use link to the new address and a notice to the current one. Whether the new
     * address has an account is not looked at here, so the answer cannot tell; the link says so when
     * opened (EMAIL_CHANGE_ADDRESS_TAKEN), to whoever reads that mailbox. Refused with nothing
     * changed: a wrong password (403), the current address (400), over the hourly mails (429).
     */
    async request(user: UserRow, input: { newEmail: string; password: string }, requestLanguage: Language) {
      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw new AppError('WRONG_CURRENT_PASSWORD', { password: 'errors.WRONG_CURRENT_PASSWORD' });
      }
      if (input.newEmail === user.email) {
        throw new AppError('VALIDATION_FAILED', { new_email: 'validation.emailUnchanged' });
      }
      const { mailsPerAccountPerHour } = EMAIL_CHANGE_LIMITS;
      const key = `mail:email-change:user:${user.id}`;
      if (!(await counters.takeSlot(key, mailsPerAccountPerHour, HOUR_MS, Date.now()))) {
        throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 3600 });
      }
      const token = generateToken();
      await changes.insert({
        userId: user.id,
        tokenHash: hashToken(token),
        newEmail: input.newEmail,
        passwordFingerprint: passwordFingerprintOf(user.password_hash),
        ...isoPeriod(VALID_MS),
      });
      const language = preferredLanguage(user.language, requestLanguage);
      mailer.send({
        to: input.newEmail,
        ...emailChangeConfirmationMail(language, {
          link: `${appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
          validHours: EMAIL_CHANGE_LIMITS.validHours,
        }),
      });
      mailer.send({
        to: user.email,
        ...emailChangeNoticeMail(language, {
          newEmail: input.newEmail,
          resetLink: `${appUrl}/forgot-password`,
        }),
      });
    },

    /**
     * Applies the change of the mailed link. Unknown, used or expired links, and links asked for
     * before the password last changed: 400 INVALID_EMAIL_CHANGE_LINK.
     */
    async confirm(token: string): Promise<void> {
      const userId = await changes.consumeAndChange(hashToken(token), isoNow());
      if (userId === undefined) throw new AppError('INVALID_EMAIL_CHANGE_LINK');
      const user = await users.findById(userId);
      if (user) await onConfirmed(user);
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
