import { randomBytes } from 'node:crypto';
import type * as WebAuthnServer from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { PasskeyChallengePurpose } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import { preferredLanguage, translate } from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passkeyAddedMail } from '../../mail/templates.ts';
import type { LoginThrottle, SessionClient } from '../auth/index.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import type { PasskeyRow, PasskeysRepo } from './repo.ts';

const CHALLENGE_MS = LIMITS.passkey.challengeMinutes * 60_000;

// @simplewebauthn/server and its ASN.1 and CBOR dependencies take 0.3–0.6 s to load here: loaded by the
// first passkey request, not at start (the cold-start budget is 1 s).
let webAuthnLibrary: Promise<typeof WebAuthnServer> | undefined;
const loadWebAuthn = () => (webAuthnLibrary ??= import('@simplewebauthn/server'));

/** Who the passkeys belong to: the RP ID (a domain) and the origin the browser reports. */
export interface RelyingParty {
  rpId: string;
  rpName: string;
  origin: string;
}

/** The challenge a browser's answer claims to answer; undefined when clientDataJSON cannot be read. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function transportsOf(row: PasskeyRow): string[] {
  return JSON.parse(row.transports) as string[];
}

function defaultName(language: Language, now: string): string {
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(now),
  );
  return translate(language, 'api.passkeyDefaultName', { date });
}

/** The attestation, origin and RP ID of a registration answer; undefined when any is wrong. */
async function verifyRegistration(
  response: RegistrationResponseJSON,
  challenge: string,
  relyingParty: RelyingParty,
) {
  const { verifyRegistrationResponse } = await loadWebAuthn();
  return verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: relyingParty.origin,
    expectedRPID: relyingParty.rpId,
    // 'preferred' in the options: an authenticator without a PIN or biometrics still counts.
    requireUserVerification: false,
  }).catch(() => undefined);
}

/**
 * The signature, origin, RP ID and counter of a sign-in answer; undefined when any is wrong. The
 * library refuses a counter that did not grow (a cloned authenticator or a replay).
 */
async function verifySignIn(
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
  relyingParty: RelyingParty,
) {
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  return verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: relyingParty.origin,
    expectedRPID: relyingParty.rpId,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch(() => undefined);
}

/** The password login's refusal for an address or account under attack (429), for passkeys alike. */
async function assertLoginAllowed(
  loginThrottle: LoginThrottle,
  email: string,
  address: string,
): Promise<void> {
  const verdict = await loginThrottle.check(email, address);
  if (verdict.ok) return;
  const code = verdict.reason === 'ACCOUNT_DELAYED' ? 'LOGIN_DELAYED' : 'RATE_LIMITED';
  throw new AppError(code, undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
}

export function createPasskeysService(deps: {
  passkeys: PasskeysRepo;
  users: Pick<UsersRepo, 'findById'>;
  /** The password login's throttle: a failed passkey counts like a wrong password for its account. */
  loginThrottle: LoginThrottle;
  /** modules/auth: a new session for the user, its bearer token. */
  startSession: (userId: number, client: SessionClient) => Promise<string>;
  relyingParty: RelyingParty;
  /** Tells the owner of every new passkey, at the account's address. */
  mailer: Mailer;
  appUrl: string;
}) {
  const { passkeys, users, loginThrottle, startSession, relyingParty, mailer, appUrl } = deps;

  /**
   * Spends the challenge the answer claims, or refuses with PASSKEY_CHALLENGE_INVALID (400): unknown,
   * expired, already used (a replayed answer) or issued to someone else.
   */
  async function takeChallengeOf(
    clientDataJSON: string,
    purpose: PasskeyChallengePurpose,
    userId: number | null,
  ): Promise<{ challenge: string; userHandle: string | null }> {
    const challenge = challengeOf(clientDataJSON);
    const taken = challenge && (await passkeys.takeChallenge(challenge, purpose, isoNow(), userId));
    if (!challenge || !taken) throw new AppError('PASSKEY_CHALLENGE_INVALID');
    return { challenge, userHandle: taken.user_handle };
  }

  /** The user's passkeys, unless there is no room for one more (409 TOO_MANY_PASSKEYS). */
  async function assertRoomForAnother(userId: number): Promise<PasskeyRow[]> {
    const existing = await passkeys.listOfUser(userId);
    const max = LIMITS.passkey.maxPerUser;
    if (existing.length >= max)
      throw new AppError('TOO_MANY_PASSKEYS', undefined, { messageParams: { max } });
    return existing;
  }

  return {
    list(userId: number): Promise<PasskeyRow[]> {
      return passkeys.listOfUser(userId);
    },

    /**
     * Options for navigator.credentials.create(): a discoverable credential (so the login page needs no
     * address), the user's passkeys excluded, and a challenge bound to the user for a few minutes.
     */
    async registrationOptions(user: UserRow) {
      const existing = await assertRoomForAnother(user.id);
      // One random handle per account (no e-mail or row id on the authenticator), the same for every
      // passkey, so an authenticator keeps one entry per account.
      const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
      const { generateRegistrationOptions } = await loadWebAuthn();
      const options = await generateRegistrationOptions({
        rpName: relyingParty.rpName,
        rpID: relyingParty.rpId,
        userName: user.email,
        userDisplayName: displayNameOfAccount(user),
        userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
        timeout: CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await passkeys.insertChallenge({
        challenge: options.challenge,
        purpose: 'registration',
        userId: user.id,
        userHandle,
        expiresAt: isoNow(CHALLENGE_MS),
      });
      return options;
    },

    /** Verifies the browser's answer to the registration options and stores the passkey. */
    async register(
      user: UserRow,
      input: { response: RegistrationResponseJSON; name?: string | undefined; language: Language },
    ): Promise<PasskeyRow> {
      const { challenge, userHandle } = await takeChallengeOf(
        input.response.response.clientDataJSON,
        'registration',
        user.id,
      );
      await assertRoomForAnother(user.id);
      const verification = await verifyRegistration(input.response, challenge, relyingParty);
      if (!verification?.verified || !userHandle) throw new AppError('PASSKEY_NOT_VERIFIED');
      const { credential } = verification.registrationInfo;
      const now = isoNow();
      const stored = await passkeys.insert({
        userId: user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: input.response.response.transports ?? credential.transports ?? [],
        userHandle,
        name: input.name || defaultName(input.language, now),
        now,
      });
      if (!stored) throw new AppError('PASSKEY_ALREADY_REGISTERED');
      mailer.send({
        to: user.email,
        ...passkeyAddedMail(preferredLanguage(user.language, input.language), {
          name: stored.name,
          profileLink: `${appUrl}/profile`,
        }),
      });
      return stored;
    },

    async rename(userId: number, id: number, name: string): Promise<PasskeyRow> {
      const renamed = await passkeys.rename(userId, id, name);
      if (!renamed) throw new AppError('NOT_FOUND');
      return renamed;
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await passkeys.remove(userId, id))) throw new AppError('NOT_FOUND');
    },

    /** Options for navigator.credentials.get(): no account named, the authenticator offers its passkeys. */
    async authenticationOptions() {
      const { generateAuthenticationOptions } = await loadWebAuthn();
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.rpId,
        userVerification: 'preferred',
        timeout: CHALLENGE_MS,
      });
      await passkeys.insertChallenge({
        challenge: options.challenge,
        purpose: 'authentication',
        userId: null,
        userHandle: null,
        expiresAt: isoNow(CHALLENGE_MS),
      });
      return options;
    },

    /**
     * Verifies a sign-in answer and starts a session, as the password login does (no second factor: a
     * passkey is one already). A failed verification counts toward the account's login throttle;
     * `address` is the client's IP.
     */
    async signIn(
      response: AuthenticationResponseJSON,
      address: string,
      client: SessionClient,
    ): Promise<{ token: string; user: UserRow }> {
      const { challenge } = await takeChallengeOf(response.response.clientDataJSON, 'authentication', null);
      const passkey = await passkeys.findByCredentialId(response.id);
      // A user handle that differs from the stored one: the credential is not the one registered here.
      const isKnown =
        passkey && (!response.response.userHandle || response.response.userHandle === passkey.user_handle);
      const user = isKnown ? await users.findById(passkey.user_id) : undefined;
      if (!passkey || !user) throw new AppError('PASSKEY_UNKNOWN');

      await assertLoginAllowed(loginThrottle, user.email, address);
      const previousCounter = Number(passkey.counter);
      const verification = await verifySignIn(response, challenge, passkey, relyingParty);
      const isUsed =
        verification?.verified &&
        (await passkeys.recordUse(
          passkey.id,
          previousCounter,
          verification.authenticationInfo.newCounter,
          isoNow(),
        ));
      if (!isUsed) {
        await loginThrottle.recordFailure(user.email, address);
        throw new AppError('PASSKEY_SIGN_IN_FAILED');
      }
      await loginThrottle.recordSuccess(user.email, address);
      return { token: await startSession(user.id, client), user };
    },

    /** Challenges nobody answered in time; the scheduler runs this, so the table stays small. */
    purgeExpiredChallenges(): Promise<number> {
      return passkeys.deleteExpiredChallenges(isoNow());
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
