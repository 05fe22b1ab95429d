import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { standIn } from './stand-in.ts';

/** One message as the SMTP peer received it, with the parts a mail client would show. */
export interface ReceivedMail {
  /** RCPT TO addresses of the envelope. */
  envelopeTo: string[];
  envelopeFrom: string;
  /** Top-level headers, names lower-cased, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  to: string;
  /** Decoded text/plain part, or undefined when the message has none. */
  text: string | undefined;
  /** Decoded text/html part, or undefined when the message has none. */
  html: string | undefined;
  /** Parts with a file name (Content-Disposition attachment), bytes decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL (plain, no TLS). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Refuse the next `count` transactions at MAIL FROM with a temporary 451 error. */
  failNext(count: number): void;
  /** Number of MAIL FROM commands seen, refused ones included. */
  attempts(): number;
  /** Resolves once at least `count` messages arrived (rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * One SMTP peer for the tests of the file (or of the describe it is called in): started in
 * `beforeAll`, closed in `afterAll`. Call it before `useTestApp(() => ({ smtpUrl: smtp.url }))`, so
 * the peer is up when the app is built and closes after the app.
 */
export function useSmtpServer(): TestSmtpServer {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(() => server?.close());
  return standIn(() => {
    if (!server)
      throw new Error('useSmtpServer: the server starts in beforeAll; use it inside tests and hooks');
    return server;
  });
}

/** A real SMTP peer on 127.0.0.1 (random port) that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let failuresLeft = 0;
  let attempts = 0;
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMessage(raw),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    failNext(count) {
      failuresLeft = count;
    },
    attempts: () => attempts,
    waitForMessages(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          cleanup();
          resolve(messages.slice());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} mails, received ${messages.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A deliberately small MIME reader (mailparser is not a dependency): enough for nodemailer's output.

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  return end === -1
    ? { head: normalised, body: '' }
    : { head: normalised.slice(0, end), body: normalised.slice(end + 2) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Folded lines continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2047 `=?charset?B|Q?...?=`; adjacent encoded words join without the space between them. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded[i]!;
    const hex = unfolded.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  return decodeBytes(body, transferEncoding).toString('utf8');
}

function decodeBytes(body: string, transferEncoding: string | undefined): Buffer {
  switch ((transferEncoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(decodeQuotedPrintable(body), 'utf8');
    default:
      return Buffer.from(body, 'utf8');
  }
}

interface LeafPart {
  type: string;
  content: string;
  bytes: Buffer;
  filename: string | undefined;
}

function boundaryOf(contentType: string): string | undefined {
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
}

/** Collects the leaf parts of a (possibly nested) multipart entity. */
function leafParts(headers: Record<string, string>, body: string): LeafPart[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = boundaryOf(contentType);
  if (!/^multipart\//i.test(contentType) || !boundary) {
    const disposition = headers['content-disposition'] ?? '';
    return [
      {
        type: contentType.split(';')[0]!.trim().toLowerCase(),
        content: decodeBody(body, headers['content-transfer-encoding']),
        bytes: decodeBytes(body, headers['content-transfer-encoding']),
        filename: /^attachment/i.test(disposition)
          ? (/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '')
          : undefined,
      },
    ];
  }
  const closing = body.indexOf(`--${boundary}--`);
  return body
    .slice(0, closing === -1 ? undefined : closing)
    .split(`--${boundary}\n`)
    .slice(1)
    .flatMap((part) => {
      const { head, body: partBody } = splitHeadAndBody(part);
      return leafParts(parseHeaders(head), partBody.replace(/\n$/, ''));
    });
}

export function parseMessage(raw: string): Omit<ReceivedMail, 'envelopeTo' | 'envelopeFrom'> {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const parts = leafParts(headers, body);
  return {
    headers,
    subject: headers.subject ?? '',
    to: headers.to ?? '',
    text: parts.find((part) => part.type === 'text/plain' && part.filename === undefined)?.content,
    html: parts.find((part) => part.type === 'text/html' && part.filename === undefined)?.content,
    attachments: parts
      .filter((part) => part.filename !== undefined)
      .map((part) => ({ filename: part.filename!, contentType: part.type, content: part.bytes })),
    raw,
  };
}
