import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Text formats; images (png, webp) and fonts (woff2) are compressed already.
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/;

function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible
 * file below `dir`, so the server picks one by Accept-Encoding without compressing per request.
 * A sibling that would not be smaller than the file is not written: sending the file is as good.
 */
export async function compressBuildOutput(dir: string): Promise<{ compressed: string[] }> {
  const compressed: string[] = [];
  for (const file of filesBelow(dir).filter((name) => COMPRESSIBLE.test(name))) {
    const content = fs.readFileSync(file);
    const encodings = [
      {
        extension: '.br',
        bytes: await brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      },
      { extension: '.gz', bytes: await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }) },
    ];
    for (const { extension, bytes } of encodings) {
      if (bytes.length >= content.length) continue;
      fs.writeFileSync(file + extension, bytes);
      compressed.push(file + extension);
    }
  }
  return { compressed };
}
