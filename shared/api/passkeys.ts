import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { singleLineText } from './text.ts';
import { sessionResponseSchema } from './users.ts';

// Passkeys (WebAuthn, issue 28). The options are what @simplewebauthn/server generates and
// @simplewebauthn/browser hands to the browser; the responses are what the browser returns. Their
// inner fields are checked by @simplewebauthn/server's verification, so the schemas here bound only
// the shape and the sizes.

/** base64url as WebAuthn's JSON encodings use it (credential ids, clientDataJSON, signatures). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid');

// A credential id is at most 1,023 bytes (1,364 base64url characters); the other fields are small
// structures, an attestation object with a certificate chain the largest of them.
const credentialId = base64url(1400);
const transports = z.array(z.string().max(32)).max(10);

export const registrationResponseSchema = z.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65_536),
    transports: transports.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});

export const authenticationResponseSchema = z.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});

export const passkeyNameSchema = singleLineText(LIMITS.passkey.nameMax).min(1, 'validation.required');

/** POST /api/users/me/passkeys: the browser's answer to the registration options; the name is optional. */
export const registerPasskeyRequestSchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});

/** PATCH /api/users/me/passkeys/{id} (also the web's rename form). */
export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

/** POST /api/login/passkey: the browser's answer to the sign-in options. */
export const passkeySignInRequestSchema = z.object({ response: authenticationResponseSchema });

// Options: PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON as @simplewebauthn/server
// generates them, passed to the browser unchanged (their fields are the WebAuthn spec's).
export const registrationOptionsSchema = z
  .looseObject({ challenge: z.string(), rp: z.unknown(), user: z.unknown(), pubKeyCredParams: z.unknown() })
  .describe('PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3)');

export const authenticationOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional() })
  .describe('PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3)');

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  /** null until the passkey signed in once. */
  last_used_at: z.string().nullable(),
});

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/** A passkey sign-in answers exactly like POST /api/login. */
export const passkeySessionResponseSchema = sessionResponseSchema;

export type Passkey = z.infer<typeof passkeySchema>;
export type PasskeyList = z.infer<typeof passkeyListSchema>;
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequestSchema>;
