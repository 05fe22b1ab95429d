import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressBuildOutput } from './compress.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function buildOutput(files: Record<string, string | Buffer>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-compress-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const text = (kind: string) => `${kind}: ${'the same words again and again, '.repeat(100)}`;

describe('compressBuildOutput', () => {
  it('writes a brotli and a gzip sibling of every compressible file, in subfolders too', async () => {
    const kinds = [
      'index.html',
      'assets/app-1.js',
      'assets/app-1.css',
      'logo.svg',
      'data.json',
      'robots.txt',
    ];
    const root = buildOutput({
      ...Object.fromEntries(kinds.map((name) => [name, text(name)])),
      'site.webmanifest': text('manifest'),
      'prerendered/de/faq.html': text('faq'),
    });
    await compressBuildOutput(root);
    for (const name of [...kinds, 'site.webmanifest', 'prerendered/de/faq.html']) {
      const original = fs.readFileSync(path.join(root, name));
      const brotli = fs.readFileSync(path.join(root, `${name}.br`));
      const gzip = fs.readFileSync(path.join(root, `${name}.gz`));
      expect(zlib.brotliDecompressSync(brotli).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gzip).equals(original), name).toBe(true);
      expect(brotli.length, name).toBeLessThan(original.length);
    }
  });

  it('compresses at the highest settings (smaller than the defaults)', async () => {
    const content = fs.readFileSync(path.join(import.meta.dirname, 'compress.ts'), 'utf8').repeat(20);
    const root = buildOutput({ 'app.js': content });
    await compressBuildOutput(root);
    expect(fs.statSync(path.join(root, 'app.js.br')).size).toBeLessThan(
      zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
    );
    expect(fs.statSync(path.join(root, 'app.js.gz')).size).toBeLessThanOrEqual(
      zlib.gzipSync(content, { level: 6 }).length,
    );
  });

  it('leaves images and fonts alone, and files that would not get smaller', async () => {
    const root = buildOutput({
      'avatar.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      'font.woff2': Buffer.from('wOF2'),
      'tiny.js': 'x',
    });
    const { compressed } = await compressBuildOutput(root);
    expect(compressed).toEqual([]);
    expect(fs.readdirSync(root).sort()).toEqual(['avatar.png', 'font.woff2', 'tiny.js']);
  });

  it('never compresses a compressed sibling again when run twice', async () => {
    const root = buildOutput({ 'app.js': text('app') });
    await compressBuildOutput(root);
    await compressBuildOutput(root);
    expect(fs.readdirSync(root).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz']);
  });
});
