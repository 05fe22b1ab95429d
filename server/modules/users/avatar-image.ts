import type { Sharp, SharpConstructor } from 'sharp';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Semaphore } from '../../semaphore.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const { maxSidePx, maxPixels, maxAspectRatio } = LIMITS.avatar;

let sharpLoading: Promise<SharpConstructor> | undefined;

/**
 * Loaded on first upload: libvips is large and most requests never need it. Its operation cache is
 * off: every avatar is decoded once, so cached pixels only kept memory after a burst (bench
 * "avatar burst RSS").
 */
function loadSharp(): Promise<SharpConstructor> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
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

/**
 * Reads the upload's header only (format and dimensions, no pixels decoded) and refuses what it must,
 * then opens the picture for decoding. The header read sets no pixel limit, since sharp would refuse
 * an oversized image there as merely invalid; the decode keeps `limitInputPixels` as a second guard,
 * should a header ever understate the pixels.
 */
async function openChecked(sharp: SharpConstructor, upload: Buffer): Promise<Sharp> {
  let header: { format?: string | undefined; width?: number | undefined; height?: number | undefined };
  try {
    header = await sharp(upload, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  const { format, width, height } = header;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw new AppError('INVALID_IMAGE');
  refuseOversized(width, height);
  return sharp(upload, { limitInputPixels: maxPixels, failOn: 'error' });
}

/**
 * Judges the upload by content (never by name or declared type), refuses oversized dimensions from the
 * header before decoding, then decodes and re-encodes it within `decodeSlots`, which strips metadata
 * and anything that is not pixels. SVG is refused: it is a document, not an image.
 */
export async function normaliseAvatar(upload: Buffer, decodeSlots: Semaphore): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = await openChecked(sharp, upload);
  const size = LIMITS.avatar.sizePx;
  try {
    return await decodeSlots.run(() =>
      image.rotate().resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer(),
    );
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
}
