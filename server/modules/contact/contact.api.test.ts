import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { multipartBody, type MultipartPart } from '../../test/multipart.ts';
import { useSmtpServer } from '../../test/smtp.ts';

const CONTACT_TO = 'team@decision-compass.example';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// Starts like a PDF and even ends like one, but has no cross-reference table: not a PDF.
const HEADER_AND_EOF_ONLY = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A real one-page PDF, made by pdfkit (the export's library), so the check meets what readers accept. */
async function realPdf(): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  document.rect(20, 20, 100, 60).fill('#336699');
  document.end();
  return ended;
}

let PDF: Buffer;

beforeAll(async () => {
  PDF = await realPdf();
});
const smtp = useSmtpServer();
const { app, testApp } = useTestApp(() => ({
  smtpUrl: smtp.url,
  contactTo: CONTACT_TO,
  contactLanguage: 'de',
  contactRateLimitPerHour: 10_000,
  mailRetryDelaysMs: [20],
}));

afterEach(async () => {
  await app.mailer.idle();
  smtp.messages.length = 0;
});

const validFields = {
  firstname: 'Jürgen',
  lastname: 'Müller',
  email: 'juergen@example.com',
  topic: 'Feedback',
  message: 'Hello!\nThe matrix is great <b>really</b>.',
  consent: 'on',
};

function contactParts(fields: Record<string, string>, file?: MultipartPart): MultipartPart[] {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  if (file) parts.push(file);
  return parts;
}

function postContact(
  fields: Record<string, string>,
  file?: MultipartPart,
  target: FastifyInstance = app,
  headers: Record<string, string> = {},
) {
  const { payload, headers: multipartHeaders } = multipartBody(contactParts(fields, file));
  return target.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    headers: { ...multipartHeaders, ...headers },
  });
}

const attachment = (
  content: Buffer | string,
  filename: string,
  contentType = 'application/octet-stream',
) => ({
  name: 'attachment',
  filename,
  contentType,
  content,
});

// Rows without the attachment bytes: comparing megabytes element by element would take minutes.
const storedMessages = () =>
  app.database.db
    .selectFrom('contact_messages')
    .select(['id', 'firstname', 'lastname', 'email', 'topic', 'message', 'attachment_name'])
    .orderBy('id')
    .execute();

async function expectRefusedWithoutTrace(action: () => Promise<void>) {
  const before = await storedMessages();
  await action();
  expect(await storedMessages()).toEqual(before);
  await app.mailer.idle();
  expect(smtp.messages.map((mail) => mail.subject)).toEqual([]);
}

describe('POST /api/contact: accepted messages', () => {
  it('stores the message and mails it to CONTACT_TO in CONTACT_LANGUAGE with the attachment and Reply-To the sender', async () => {
    const response = await postContact(validFields, attachment(PNG, 'screen shot.png', 'image/png'), app, {
      'accept-language': 'en',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: number; message: string }>();
    expect(body.message).toBe(en.api.contactSent);

    const row = await app.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      firstname: 'Jürgen',
      lastname: 'Müller',
      email: 'juergen@example.com',
      topic: 'Feedback',
      message: validFields.message,
      language: 'en',
      attachment_name: 'screen shot.png',
      attachment_type: 'image/png',
    });
    expect(Buffer.from(row.attachment!).equals(PNG)).toBe(true);

    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelopeTo).toEqual([CONTACT_TO]);
    expect(mail!.headers['reply-to']).toBe('juergen@example.com');
    expect(mail!.headers.from).toBe(testApp.config.mailFrom);
    expect(mail!.subject).toBe('Kontaktformular: Feedback – Jürgen Müller');
    expect(mail!.text).toContain(de.mail.contact.intro);
    expect(mail!.text).toContain('E-Mail: juergen@example.com');
    expect(mail!.text).toContain(validFields.message);
    expect(mail!.html).toContain('The matrix is great &#60;b&#62;really&#60;/b&#62;.');
    expect(mail!.html).not.toContain('<b>really</b>');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: 'screen shot.png', contentType: 'image/png' });
    expect(mail!.attachments[0]!.content.equals(PNG)).toBe(true);
  });

  it('accepts a message without topic and attachment (an empty file input is ignored)', async () => {
    const { topic: _topic, ...withoutTopic } = validFields;
    const response = await postContact(withoutTopic, attachment('', '', 'application/octet-stream'));
    expect(response.statusCode).toBe(201);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.attachments).toEqual([]);
    expect(mail!.subject).toContain(de.mail.contact.noTopic);
  });

  it('decides the attachment type by content, not by name or declared type', async () => {
    const pdf = await postContact(validFields, attachment(PDF, 'report.txt', 'text/plain'));
    const text = await postContact(
      validFields,
      attachment('Grüße\r\naus Köln\n', 'notes.pdf', 'application/pdf'),
    );
    expect([pdf.statusCode, text.statusCode]).toEqual([201, 201]);
    const mails = await smtp.waitForMessages(2);
    const attachments = mails
      .flatMap((mail) => mail.attachments)
      .map(({ filename, contentType }) => ({
        filename,
        contentType,
      }));
    expect(attachments).toEqual(
      expect.arrayContaining([
        { filename: 'report.pdf', contentType: 'application/pdf' },
        { filename: 'notes.txt', contentType: 'text/plain' },
      ]),
    );
  });
});

describe('POST /api/contact: refused attachments and fields', () => {
  it('refuses other file types with 415 INVALID_ATTACHMENT, storing and sending nothing', async () => {
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
    await expectRefusedWithoutTrace(async () => {
      expectApiError(
        await postContact(validFields, attachment(executable, 'invoice.pdf', 'application/pdf')),
        415,
        'INVALID_ATTACHMENT',
        { fields: ['attachment'] },
      );
      // A GIF is an image, but not one of the accepted types.
      expectApiError(
        await postContact(
          validFields,
          attachment(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'a.png', 'image/png'),
        ),
        415,
        'INVALID_ATTACHMENT',
        { fields: ['attachment'] },
      );
    });
  });

  it('accepts a real PDF and sends it unchanged', async () => {
    expect((await postContact(validFields, attachment(PDF, 'scan.pdf', 'application/pdf'))).statusCode).toBe(
      201,
    );
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail!.attachments[0]!.content.equals(PDF)).toBe(true);
  });

  // Made on demand: PDF is only built in beforeAll.
  it.each<[string, () => Buffer]>([
    ['header and %%EOF only', () => HEADER_AND_EOF_ONLY],
    ['header then binary junk', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(256, 0x90)])],
    ['trailer pointing outside the file', () => Buffer.from('%PDF-1.4\nhello\nstartxref\n999999\n%%EOF\n')],
    ['trailer pointing at no cross-reference', () => Buffer.from('%PDF-1.4\nhello\nstartxref\n2\n%%EOF\n')],
    [
      'a real PDF cut before its trailer',
      () => PDF.subarray(0, PDF.toString('latin1').lastIndexOf('startxref')),
    ],
    ['a real PDF with 2 kB appended', () => Buffer.concat([PDF, Buffer.alloc(2048, 0x41)])],
  ])(
    'refuses what only starts like a PDF (%s) with 415, even when it would pass as text',
    async (name, content) => {
      await expectRefusedWithoutTrace(async () => {
        const response = await postContact(
          validFields,
          attachment(content(), `${name}.pdf`, 'application/pdf'),
        );
        expectApiError(response, 415, 'INVALID_ATTACHMENT', { fields: ['attachment'] });
      });
    },
  );

  it(`refuses an attachment over ${LIMITS.contact.attachmentMaxBytes / 1024 / 1024} MB with 413`, async () => {
    const tooLarge = Buffer.concat([PDF, Buffer.alloc(LIMITS.contact.attachmentMaxBytes)]);
    await expectRefusedWithoutTrace(async () => {
      expectApiError(
        await postContact(validFields, attachment(tooLarge, 'big.pdf')),
        413,
        'PAYLOAD_TOO_LARGE',
        {
          fields: ['attachment'],
        },
      );
    });
    // Exactly at the limit is fine.
    const atLimit = Buffer.alloc(LIMITS.contact.attachmentMaxBytes, 'a');
    expect((await postContact(validFields, attachment(atLimit, 'limit.txt'))).statusCode).toBe(201);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.attachments[0]!.content.length).toBe(LIMITS.contact.attachmentMaxBytes);
  });

  it('answers per field, in the validation error format, with messages the web shows after Email / Message', async () => {
    await expectRefusedWithoutTrace(async () => {
      const response = await postContact(
        { ...validFields, email: 'not-an-address', message: '   ', consent: '' },
        undefined,
        app,
        { 'accept-language': 'de' },
      );
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', {
        language: 'de',
        fields: ['email', 'message', 'consent'],
      });
      expect(body.fields).toEqual({
        email: de.validation.email,
        message: de.validation.required,
        consent: de.contact.consentRequired,
      });
      const missing = await postContact({ message: 'Hi' });
      expectApiError(missing, 400, 'VALIDATION_FAILED', {
        fields: ['firstname', 'lastname', 'email', 'consent'],
      });
    });
  });
});

describe('POST /api/contact: header injection, body format, rate limit and outbox', () => {
  it('refuses CR and LF in single-line fields, so no header can be injected', async () => {
    await expectRefusedWithoutTrace(async () => {
      for (const [field, value] of [
        ['firstname', 'Eve\r\nBcc: victim@example.com'],
        ['lastname', 'Doe\nX-Injected: yes'],
        ['topic', 'Hi\r\nBcc: victim@example.com'],
        ['email', 'eve@example.com\r\nBcc: victim@example.com'],
      ] as const) {
        expectApiError(await postContact({ ...validFields, [field]: value }), 400, 'VALIDATION_FAILED', {
          fields: [field],
        });
      }
    });
  });

  it('keeps line breaks in the message body without adding headers', async () => {
    const response = await postContact({
      ...validFields,
      message: 'Line one\r\nBcc: victim@example.com\r\n',
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.envelopeTo).toEqual([CONTACT_TO]);
  });

  it('accepts only multipart bodies', async () => {
    await expectRefusedWithoutTrace(async () => {
      const response = await app.inject({ method: 'POST', url: '/api/contact', payload: validFields });
      expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  it('is limited per IP (RATE_LIMIT_CONTACT_PER_HOUR)', async () => {
    const limited = await buildTestApp({ contactRateLimitPerHour: 2 });
    try {
      expect((await postContact(validFields, undefined, limited.app)).statusCode).toBe(201);
      expect((await postContact(validFields, undefined, limited.app)).statusCode).toBe(201);
      expectApiError(await postContact(validFields, undefined, limited.app), 429, 'RATE_LIMITED');
      const count = await limited.app.database.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('without SMTP_URL writes the mail with its attachment to the dev outbox; without CONTACT_TO it goes to MAIL_FROM', async () => {
    const devApp = await buildTestApp();
    try {
      expect((await postContact(validFields, attachment(PNG, 'dot.png'), devApp.app)).statusCode).toBe(201);
      await devApp.app.mailer.idle();
      const outbox = path.join(devApp.config.dataDir, 'outbox');
      const [file] = fs.readdirSync(outbox).filter((name) => name.endsWith('.json'));
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, file!), 'utf8')) as {
        to: string;
        replyTo: string;
        subject: string;
        attachments: { filename: string; contentType: string; contentBase64: string }[];
      };
      expect(mail.to).toBe(devApp.config.mailFrom);
      expect(mail.replyTo).toBe('juergen@example.com');
      expect(mail.subject).toBe('Contact form: Feedback – Jürgen Müller');
      expect(mail.attachments[0]).toMatchObject({ filename: 'dot.png', contentType: 'image/png' });
      expect(Buffer.from(mail.attachments[0]!.contentBase64, 'base64').equals(PNG)).toBe(true);
    } finally {
      await devApp.close();
    }
  });
});
