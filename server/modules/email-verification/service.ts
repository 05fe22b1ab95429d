import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow, isoPeriod } from '../../db/values.ts';
import { preferredLanguage } from '../../i18n.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { emailVerificationMail } from '../../mail/templates.ts';
import { generateToken, hashToken } from '../auth/index.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import type { EmailVerificationRepo } from './repo.ts';

const VALID_MS = LIMITS.emailVerification.validHours * 3600_000;

export function createEmailVerificationService(deps: {
  verifications: EmailVerificationRepo;
  users: UsersRepo;
  mailer: Mailer;
  appUrl: string;
  /** Runs once an address is confirmed: mails that waited for it go out. */
  onVerified: (user: UserRow) => Promise<unknown>;
}) {
  const { verifications, users, mailer, appUrl, onVerified } = deps;

  /**
   * A fresh single-use link for the user, as a mail ready to send; undefined when the account had
   * its hourly share of links already.
   */
  async function prepareMail(user: UserRow, requestLanguage: Language): Promise<MailMessage | undefined> {
    const token = generateToken();
    const isIssued = await verifications.insertWithinLimit(
      { userId: user.id, tokenHash: hashToken(token), ...isoPeriod(VALID_MS) },
      { since: isoNow(-3600_000), max: LIMITS.emailVerification.mailsPerAccountPerHour },
    );
    if (!isIssued) return undefined;
    const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return {
      to: user.email,
      ...emailVerificationMail(preferredLanguage(user.language, requestLanguage), { link }),
    };
  }

  return {
    prepareMail,

    /** "Send again": refused once the account had its links for this hour. */
    async resend(user: UserRow, requestLanguage: Language): Promise<void> {
      if (user.email_verified_at !== null) throw new AppError('EMAIL_ALREADY_VERIFIED');
      const mail = await prepareMail(user, requestLanguage);
      if (!mail) throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 3600 });
      mailer.send(mail);
    },

    async verify(token: string): Promise<void> {
      const userId = await verifications.consumeAndVerify(hashToken(token), isoNow());
      if (userId === undefined) throw new AppError('INVALID_VERIFICATION_LINK');
      const user = await users.findById(userId);
      if (user) await onVerified(user);
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
