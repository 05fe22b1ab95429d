import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A small solid-colour picture, encoded at test time. */
export function solidImage(format: 'png' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG of random pixels: barely compressible, so its file size is about width × height × 3 bytes. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>',
);

/** A tiny file that decodes to 48 megapixels (~150 MB of pixels): a decompression bomb. */
export function pixelBombPng(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

let issue27Png: Promise<Buffer> | undefined;

/**
 * Issue 27's file: a 118 KB PNG of 100,000 × 400 px, of which four parallel uploads took the server
 * from 116 MB to 1 GB. Encoding it takes seconds, so it is made once per test file.
 */
export function stripBombPng(): Promise<Buffer> {
  issue27Png ??= sharp({ create: { width: 100_000, height: 400, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return issue27Png;
}
