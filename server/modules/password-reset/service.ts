import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { assertAcceptablePassword } from '../auth/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { generateToken, hashToken } from '../auth/tokens.ts';
import type { UsersRepo } from '../users/repo.ts';
import type { PasswordResetRepo } from './repo.ts';

const VALID_MS = LIMITS.passwordReset.validMinutes * 60_000;

function languageOf(stored: string, fallback: Language): Language {
  return stored === 'de' || stored === 'en' ? stored : fallback;
}

export function createPasswordResetService(deps: {
  resets: PasswordResetRepo;
  users: UsersRepo;
  mailer: Mailer;
  appUrl: string;
}) {
  const { resets, users, mailer, appUrl } = deps;

  return {
    /**
     * Mails a single-use link when the account exists and has not had too many links this hour.
     * Returns which happened for logs and tests; the HTTP answer is the same either way.
     */
    async requestReset(
      email: string,
      requestLanguage: Language,
    ): Promise<{ sent: boolean; reason?: 'UNKNOWN_ACCOUNT' | 'ACCOUNT_LIMIT' }> {
      const user = await users.findByEmail(email);
      if (!user) return { sent: false, reason: 'UNKNOWN_ACCOUNT' };
      const issued = await resets.countIssuedSince(user.id, isoNow(-3600_000));
      if (issued >= LIMITS.passwordReset.mailsPerAccountPerHour)
        return { sent: false, reason: 'ACCOUNT_LIMIT' };

      const token = generateToken();
      await resets.insert(user.id, hashToken(token), isoNow(), isoNow(VALID_MS));
      const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      mailer.send({
        to: user.email,
        ...passwordResetMail(languageOf(user.language, requestLanguage), { link }),
      });
      return { sent: true };
    },

    async assertUsable(token: string): Promise<void> {
      if (!(await resets.isUsable(hashToken(token), isoNow()))) throw new AppError('INVALID_RESET_LINK');
    },

    async resetPassword(token: string, password: string): Promise<void> {
      assertAcceptablePassword('password', password);
      const passwordHash = await hashPassword(password);
      if (!(await resets.consumeAndSetPassword(hashToken(token), passwordHash, isoNow())))
        throw new AppError('INVALID_RESET_LINK');
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
