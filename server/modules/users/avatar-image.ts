import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Decodes the upload by content (never by name or declared type) and re-encodes it, which strips
 * metadata and anything that is not pixels. SVG is refused: it is a document, not an image.
 */
export async function normaliseAvatar(upload: Buffer): Promise<Buffer> {
  // Loaded on first upload: libvips is large and most requests never need it.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('INVALID_IMAGE');
    const size = LIMITS.avatar.sizePx;
    return await image.rotate().resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INVALID_IMAGE');
  }
}
