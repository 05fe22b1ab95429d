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

/** The type by content (magic bytes, or clean UTF-8 for text); the file name and declared type are ignored. */
export function detectAttachmentType(content: Buffer): DetectedType | undefined {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', extension: 'pdf' };
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
