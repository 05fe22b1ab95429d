import type { Metadata, SharpConstructor } from 'sharp';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Semaphore } from '../../semaphore.ts';
import { AvatarDecodeFailed, type AvatarDecoder } from './avatar-decoder-process.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const { maxSidePx, maxPixels, maxAspectRatio } = LIMITS.avatar;

let sharpLoading: Promise<SharpConstructor> | undefined;

/** Loaded on first upload, for reading headers: libvips is large and most requests never need it. */
function loadSharp(): Promise<SharpConstructor> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => sharp);
  return sharpLoading;
}

/** Refuses dimensions that would cost too much memory to decode, or are no picture of a person. */
function refuseOversized(width: number, height: number): void {
  const longer = Math.max(width, height);
  const shorter = Math.min(width, height);
  if (longer <= maxSidePx && width * height <= maxPixels && longer <= shorter * maxAspectRatio) return;
  throw new AppError('IMAGE_TOO_LARGE', undefined, {
    messageParams: {
      width,
      height,
      maxSide: maxSidePx,
      maxMegapixels: maxPixels / 1_000_000,
      maxRatio: maxAspectRatio,
    },
  });
}

/** Reads the upload's header only: format and dimensions, no pixels decoded. */
async function acceptedHeader(upload: Buffer): Promise<void> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // No pixel limit here: sharp would refuse an oversized image as merely invalid. The decoder sets one.
    header = await sharp(upload, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  const { format, width, height } = header;
  if (!ACCEPTED_FORMATS.has(format) || !width || !height) throw new AppError('INVALID_IMAGE');
  refuseOversized(width, height);
}

/**
 * Judges the upload by content (never by name or declared type) and refuses oversized dimensions from
 * its header; then the decoder process decodes and re-encodes it within `decodeSlots`, which strips
 * metadata and anything that is not pixels. SVG is refused: it is a document, not an image.
 */
export async function normaliseAvatar(
  upload: Buffer,
  { decodeSlots, decoder }: { decodeSlots: Semaphore; decoder: AvatarDecoder },
): Promise<Buffer> {
  await acceptedHeader(upload);
  try {
    return await decodeSlots.run(() => decoder.decode(upload));
  } catch (error) {
    if (error instanceof AvatarDecodeFailed) throw new AppError('INVALID_IMAGE');
    throw error;
  }
}
