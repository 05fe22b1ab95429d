import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import type { AuthenticatedSession } from '../../plugins/auth.ts';
import { generateToken, hashToken, verifyPassword, type LoginThrottle } from '../auth/index.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import { generateRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.ts';
import type { Executor, MfaRepo } from './repo.ts';
import { generateTotpSecret, isTotpCodeShaped, matchingTimeStep, otpauthUrlOf, qrCodeSvgOf } from './totp.ts';

const { challengeMinutes, wrongCodesPerChallenge } = LIMITS.twoStep;

/** What a right code at the sign-in step hands to the auth module, which starts the session. */
export interface CompletedSignIn {
  user: UserRow;
  passwordChangeRequired: boolean;
}

export function createMfaService(deps: {
  mfa: MfaRepo;
  users: Pick<UsersRepo, 'findById'>;
  /** The password login's throttle (modules/auth): wrong codes count like wrong passwords. */
  loginThrottle: LoginThrottle;
}) {
  const { mfa, users, loginThrottle } = deps;

  /**
   * A current code of the user's confirmed authenticator (±1 step, each step accepted once), or one of
   * their unused recovery codes, which it spends. Runs inside `executor`'s transaction when given, so a
   * refusal after it (e.g. a wrong password checked later) can undo the spending.
   */
  async function verifySecondFactor(userId: number, code: string, executor?: Executor): Promise<boolean> {
    const typed = code.replace(/\s/g, '');
    if (isTotpCodeShaped(typed)) {
      const credential = await mfa.findCredential(userId, executor);
      if (!credential?.confirmed_at) return false;
      const step = matchingTimeStep(credential.secret, typed, Date.now(), credential.last_used_step);
      return step !== undefined && (await mfa.takeTimeStep(userId, step, executor));
    }
    const normalized = normalizeRecoveryCode(typed);
    if (normalized.length === 0) return false;
    return mfa.spendRecoveryCode(userId, hashToken(normalized), isoNow(), executor);
  }

  /** Whether signing in (and deleting the account) needs a second factor from this user. */
  function hasSecondFactor(userId: number, executor?: Executor): Promise<boolean> {
    return mfa.hasConfirmedCredential(userId, executor);
  }

  return {
    verifySecondFactor,
    hasSecondFactor,

    async status(userId: number) {
      const isEnabled = await hasSecondFactor(userId);
      return {
        enabled: isEnabled,
        recovery_codes_left: isEnabled ? await mfa.countUnusedRecoveryCodes(userId) : 0,
      };
    },

    /** Starts enrolment with a fresh secret; calling again replaces a secret not yet confirmed. */
    async startEnrolment(user: UserRow) {
      const secret = generateTotpSecret();
      if (!(await mfa.storePendingSecret(user.id, secret, isoNow()))) {
        throw new AppError('SECOND_FACTOR_ALREADY_ON');
      }
      const otpauthUrl = otpauthUrlOf(secret, user.email);
      return { secret, otpauth_url: otpauthUrl, qr_svg: await qrCodeSvgOf(otpauthUrl) };
    },

    /**
     * Turns the second factor on once a code proves the app has the secret; answers the recovery codes,
     * the only time they are shown (only their SHA-256 is stored). A wrong code changes nothing.
     */
    async confirmEnrolment(userId: number, code: string): Promise<string[]> {
      const credential = await mfa.findCredential(userId);
      if (!credential) throw new AppError('SECOND_FACTOR_NOT_STARTED');
      if (credential.confirmed_at) throw new AppError('SECOND_FACTOR_ALREADY_ON');
      const step = matchingTimeStep(credential.secret, code.replace(/\s/g, ''), Date.now());
      if (step === undefined) throw new AppError('INVALID_TOTP_CODE', { code: 'errors.INVALID_TOTP_CODE' });
      const recoveryCodes = generateRecoveryCodes();
      const now = isoNow();
      await mfa.transaction(async (trx) => {
        // Another tab started over or confirmed meanwhile: this code belongs to a secret that is gone.
        if (!(await mfa.confirm(userId, credential.secret, step, now, trx))) throw new AppError('CONFLICT');
        await mfa.replaceRecoveryCodes(
          userId,
          recoveryCodes.map((recoveryCode) => hashToken(normalizeRecoveryCode(recoveryCode))),
          now,
          trx,
        );
      });
      return recoveryCodes;
    },

    /** Turns the second factor off: the current password and a code (or a recovery code) are needed. */
    async disable(session: AuthenticatedSession, password: string, code: string): Promise<void> {
      if (!(await verifyPassword(session.user.password_hash, password))) {
        throw new AppError('WRONG_CURRENT_PASSWORD', { password: 'errors.WRONG_CURRENT_PASSWORD' });
      }
      const userId = session.user.id;
      if (!(await hasSecondFactor(userId))) throw new AppError('SECOND_FACTOR_NOT_ON');
      await mfa.transaction(async (trx) => {
        if (!(await verifySecondFactor(userId, code, trx))) {
          throw new AppError('WRONG_SECOND_FACTOR_CODE', { code: 'errors.WRONG_SECOND_FACTOR_CODE' });
        }
        await mfa.deleteSecondFactor(userId, trx);
      });
    },

    /**
     * After a right password: the token of the sign-in step when the user has a second factor, else
     * undefined (the password alone signs in). The token is no bearer token; only its SHA-256 is stored.
     */
    async startSignInStep(userId: number, passwordChangeRequired: boolean): Promise<string | undefined> {
      if (!(await hasSecondFactor(userId))) return undefined;
      const token = generateToken();
      const now = Date.now();
      await mfa.insertChallenge({
        userId,
        tokenHash: hashToken(token),
        now: new Date(now).toISOString(),
        expiresAt: new Date(now + challengeMinutes * 60_000).toISOString(),
        isPasswordChangeRequired: passwordChangeRequired,
      });
      return token;
    },

    /**
     * The second half of a login: a right code spends the step (once, even in parallel) and answers the
     * user to start a session for. A wrong code counts toward the login throttle and the step's own
     * limit, after which the step is spent; an unknown, expired or spent step is MFA_TOKEN_INVALID.
     */
    async completeSignInStep(mfaToken: string, code: string, address: string): Promise<CompletedSignIn> {
      const challenge = await mfa.findOpenChallenge(hashToken(mfaToken), isoNow(), wrongCodesPerChallenge);
      const user = challenge && (await users.findById(challenge.user_id));
      if (!challenge || !user) throw new AppError('MFA_TOKEN_INVALID');
      const verdict = await loginThrottle.check(user.email, address);
      if (!verdict.ok) {
        const errorCode = verdict.reason === 'ACCOUNT_DELAYED' ? 'LOGIN_DELAYED' : 'RATE_LIMITED';
        throw new AppError(errorCode, undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
      const outcome = await mfa.transaction(async (trx) => {
        if (!(await mfa.claimChallenge(challenge.id, isoNow(), wrongCodesPerChallenge, trx))) return 'spent';
        if (await verifySecondFactor(user.id, code, trx)) return 'signed-in';
        const wrongCodes = await mfa.releaseWithWrongCode(challenge.id, trx);
        return wrongCodes >= wrongCodesPerChallenge ? 'spent-by-wrong-codes' : 'wrong-code';
      });
      if (outcome === 'spent') throw new AppError('MFA_TOKEN_INVALID');
      if (outcome !== 'signed-in') {
        await loginThrottle.recordFailure(user.email, address);
        throw new AppError(outcome === 'wrong-code' ? 'INVALID_SECOND_FACTOR_CODE' : 'MFA_TOKEN_INVALID');
      }
      // The password step left this address's count alone; only now is the sign-in proven.
      await loginThrottle.recordSuccess(user.email, address);
      return { user, passwordChangeRequired: challenge.password_change_required === 1 };
    },

    purgeEndedSignInSteps(): Promise<number> {
      return mfa.deleteEndedChallenges(isoNow(), wrongCodesPerChallenge);
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
