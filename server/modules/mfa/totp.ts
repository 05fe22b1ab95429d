import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { LIMITS } from '../../../shared/limits.ts';

const { codeDigits, periodSeconds, driftSteps } = LIMITS.twoStep;
/** The name authenticator apps show above the account's address. */
export const TOTP_ISSUER = 'Decision Compass';

/** 160 random bits in base32, RFC 4226's recommended length (what authenticator apps expect). */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/**
 * The Key URI authenticator apps scan. otplib leaves out parameters at their defaults; they are spelt
 * out here, as some apps do not assume them.
 */
export function otpauthUrlOf(secret: string, email: string): string {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const parameters = { algorithm: 'SHA1', digits: codeDigits, period: periodSeconds };
  const missing = Object.entries(parameters).filter(([name]) => !new RegExp(`[?&]${name}=`).test(uri));
  return uri + missing.map(([name, value]) => `&${name}=${value}`).join('');
}

/** The QR code of the Key URI as an SVG document, for the page to show while setting up. */
export function qrCodeSvgOf(otpauthUrl: string): Promise<string> {
  return QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The RFC 6238 time step a moment (ms since the epoch) falls into. */
export function timeStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / periodSeconds);
}

export function isTotpCodeShaped(code: string): boolean {
  return new RegExp(`^\\d{${codeDigits}}$`).test(code);
}

/**
 * The time step whose code `code` is, within one step of drift around `nowMs` and later than
 * `afterStep` (the last step accepted for this secret), or undefined. SHA-1, 6 digits, 30 s.
 */
export function matchingTimeStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null = null,
): number | undefined {
  if (!isTotpCodeShaped(code)) return undefined;
  const currentStep = timeStepAt(nowMs);
  // otplib refuses an afterTimeStep beyond its window; such a step leaves no code to accept anyway.
  if (afterStep !== null && afterStep >= currentStep + driftSteps) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: driftSteps * periodSeconds,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // otplib's functional verify answers TOTP and HOTP results; only TOTP's carry the time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
