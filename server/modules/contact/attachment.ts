import path from 'node:path';
import { LIMITS } from '../../../shared/limits.ts';

export interface DetectedType {
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'text/plain';
  extension: 'pdf' | 'png' | 'jpg' | 'txt';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Text: valid UTF-8 without control characters other than tab, line breaks and form feed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

// Readers look for the trailer within the last 1024 bytes (ISO 32000: "%%EOF" closes the file).
const PDF_TRAILER_WINDOW = 1024;
const PDF_TRAILER = /startxref\s+(\d+)\s+%%EOF\s*$/;

/**
 * A PDF by structure, not by its first bytes: a `%PDF-x.y` header, and at the end `startxref <offset>`
 * and `%%EOF`, the offset pointing at a cross-reference table (`xref`) or stream (`n g obj`) inside the
 * file. Anything else that merely starts with `%PDF-` is refused rather than forwarded as a PDF.
 */
function isPdf(content: Buffer): boolean {
  if (!/^%PDF-\d\.\d/.test(content.subarray(0, 8).toString('latin1'))) return false;
  const tailStart = Math.max(0, content.length - PDF_TRAILER_WINDOW);
  const trailer = PDF_TRAILER.exec(content.subarray(tailStart).toString('latin1'));
  if (!trailer) return false;
  const offset = Number(trailer[1]);
  if (offset >= tailStart + trailer.index) return false;
  const target = content.subarray(offset, offset + 32).toString('latin1');
  return /^xref\s/.test(target) || /^\d+\s+\d+\s+obj\b/.test(target);
}

/** The type by content (structure, magic bytes, or clean UTF-8 for text); file name and declared type are ignored. */
export function detectAttachmentType(content: Buffer): DetectedType | undefined {
  // Something that claims to be a PDF but is not one is refused, not passed on as text.
  if (content.subarray(0, 5).toString('latin1') === '%PDF-')
    return isPdf(content) ? { contentType: 'application/pdf', extension: 'pdf' } : undefined;
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' };
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
  if (!text.includes('\uFFFD') && !BINARY_CONTROL.test(text))
    return { contentType: 'text/plain', extension: 'txt' };
  return undefined;
}

/**
 * A safe file name for the mail: no directories, no control characters or quotes, bounded length,
 * and the extension of the detected type (so "invoice.pdf.exe" cannot pass as something else).
 */
export function safeAttachmentName(submitted: string, type: DetectedType): string {
  const base = path
    .basename(submitted.replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, LIMITS.contact.attachmentNameMax - 4);
  return `${base || 'attachment'}.${type.extension}`;
}
