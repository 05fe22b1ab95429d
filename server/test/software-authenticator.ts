import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for API tests: an ES256 key per credential (node:crypto),
 * clientDataJSON, authenticatorData with flags and signature counter, and a 'none' attestation in
 * CBOR. Its answers are what a browser sends, so the server's verification (@simplewebauthn/server)
 * runs for real: a wrong signature, origin, challenge or counter fails there, not in a mock.
 */

// ---- A minimal CBOR encoder (RFC 8949): the few types attestation objects and COSE keys use. ----

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHeader(majorType: number, length: number): Buffer {
  const major = majorType << 5;
  if (length < 24) return Buffer.from([major | length]);
  if (length < 0x100) return Buffer.from([major | 24, length]);
  if (length < 0x10000) return Buffer.from([major | 25, length >> 8, length & 0xff]);
  const header = Buffer.alloc(5);
  header[0] = major | 26;
  header.writeUInt32BE(length, 1);
  return header;
}

export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers are encoded');
    return value >= 0 ? cborHeader(0, value) : cborHeader(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHeader(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHeader(2, value.length), value]);
  const entries = [...value.entries()].flatMap(([key, entry]) => [encodeCbor(key), encodeCbor(entry)]);
  return Buffer.concat([cborHeader(5, value.size), ...entries]);
}

// ---- The authenticator ----

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
const COSE_ES256 = -7;

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array | string): string => Buffer.from(data).toString('base64url');

export interface SoftwareCredential {
  /** base64url, as the server stores it. */
  id: string;
  privateKey: KeyObject;
  /** base64url of the user handle the registration options gave. */
  userHandle: string;
  /** The signature counter the next sign-in reports (then +1). */
  counter: number;
}

/** The COSE_Key (RFC 9053) of an EC P-256 public key. */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return encodeCbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, COSE_ES256],
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes, ...(attested ? [attested] : [])]);
}

interface CeremonyOverrides {
  /** Answer this challenge instead of the options' (a stale or forged one). */
  challenge?: string;
  /** Claim this origin instead of the relying party's (a phishing page). */
  origin?: string;
}

/** The options fields an authenticator reads (PublicKeyCredentialCreationOptionsJSON). */
interface RegistrationOptions {
  challenge: string;
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

export function createSoftwareAuthenticator(relyingParty: { rpId: string; origin: string }) {
  const credentials: SoftwareCredential[] = [];

  function clientData(
    type: 'webauthn.create' | 'webauthn.get',
    challenge: string,
    overrides: CeremonyOverrides,
  ) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? relyingParty.origin,
        crossOrigin: false,
      }),
    );
  }

  return {
    credentials,

    /**
     * navigator.credentials.create(): a new ES256 credential, answered as the browser's JSON.
     * `reusing` attests an existing credential again (what a broken or malicious client could send).
     */
    register(
      options: RegistrationOptions,
      overrides: CeremonyOverrides & { reusing?: SoftwareCredential } = {},
    ) {
      const excluded = new Set((options.excludeCredentials ?? []).map((descriptor) => descriptor.id));
      if (credentials.some((credential) => excluded.has(credential.id)))
        throw new Error('InvalidStateError: this authenticator already holds an excluded credential');
      const privateKey =
        overrides.reusing?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const publicKey = createPublicKey(privateKey);
      const credentialId = overrides.reusing
        ? Buffer.from(overrides.reusing.id, 'base64url')
        : randomBytes(32);
      const credentialIdLength = Buffer.alloc(2);
      credentialIdLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        credentialIdLength,
        credentialId,
        coseKeyOf(publicKey),
      ]);
      const flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL;
      const attestationObject = encodeCbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(relyingParty.rpId, flags, 0, attested)],
        ]),
      );
      const credential: SoftwareCredential = {
        id: base64url(credentialId),
        privateKey,
        userHandle: options.user.id,
        counter: 1,
      };
      if (!overrides.reusing) credentials.push(credential);
      return {
        credential,
        response: {
          id: credential.id,
          rawId: credential.id,
          type: 'public-key' as const,
          response: {
            clientDataJSON: base64url(clientData('webauthn.create', options.challenge, overrides)),
            attestationObject: base64url(attestationObject),
            transports: ['internal'],
          },
          authenticatorAttachment: 'platform',
          clientExtensionResults: {},
        },
      };
    },

    /**
     * navigator.credentials.get() with a discoverable credential: signs authenticatorData and the
     * hash of clientDataJSON with the credential's key. The counter grows by one per sign-in unless
     * `counter` says what to report.
     */
    authenticate(
      options: { challenge: string },
      credential: SoftwareCredential,
      overrides: CeremonyOverrides & { counter?: number; userHandle?: string } = {},
    ) {
      const counter = overrides.counter ?? credential.counter++;
      const authData = authenticatorData(relyingParty.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge, overrides);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        credential.privateKey,
      );
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: base64url(clientDataJSON),
          authenticatorData: base64url(authData),
          signature: base64url(signature),
          userHandle: overrides.userHandle ?? credential.userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
