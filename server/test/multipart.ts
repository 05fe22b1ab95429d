import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  name: string;
  content: Buffer | string;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, ready for `app.inject({ payload, headers })`. */
export function multipartBody(parts: MultipartPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----dc-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The usual avatar upload: one part named "file". */
export function fileUpload(content: Buffer | string, filename: string, contentType: string) {
  return multipartBody([{ name: 'file', filename, contentType, content }]);
}
