import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createSignedInUser, uniqueEmail } from '../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { createTeamDecision, inviteByEmail } from '../test/team-factories.ts';
import { createMailer, type MailMessage } from './mailer.ts';

interface LogEntry {
  level: 'info' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}

function recordingLog() {
  const entries: LogEntry[] = [];
  return {
    entries,
    log: {
      info: (obj: object, msg: string) =>
        void entries.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
      error: (obj: object, msg: string) =>
        void entries.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
    },
  };
}

const message = (to = 'someone@example.com'): MailMessage => ({
  to,
  subject: 'Hello there',
  text: 'Plain text body',
  html: '<p>HTML body</p>',
});

const FROM = 'Decision Compass <no-reply@localhost>';

let tmpDir: string;
let smtp: TestSmtpServer;
beforeAll(async () => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-mailer-'));
  smtp = await startSmtpServer();
});
afterEach(() => {
  smtp.failNext(0);
  smtp.messages.length = 0;
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

/** A port nothing listens on: connecting is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createMailer over SMTP: delivery and retries', () => {
  it('delivers text and HTML from MAIL_FROM to the recipient and logs it', async () => {
    const { entries, log } = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: tmpDir, log });
    mailer.send(message('ann@example.com'));
    await mailer.idle();

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail).toMatchObject({
      envelopeFrom: 'no-reply@localhost',
      envelopeTo: ['ann@example.com'],
      subject: 'Hello there',
      text: 'Plain text body',
      html: '<p>HTML body</p>',
    });
    expect(mail!.headers.from).toBe(FROM);
    expect(entries).toEqual([
      { level: 'info', obj: { to: 'ann@example.com', subject: 'Hello there' }, msg: 'mail sent' },
    ]);
  });

  it('idle() waits for every queued message', async () => {
    const { log } = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: tmpDir, log });
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) mailer.send(message(to));
    await mailer.idle();
    expect(smtp.messages.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('retries a refused delivery after each configured delay, logging every failure, until it goes through', async () => {
    const { entries, log } = recordingLog();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      outboxDir: tmpDir,
      log,
      retryDelaysMs: [40, 80, 1_000],
    });
    smtp.failNext(2);
    const attemptsBefore = smtp.attempts();
    const started = Date.now();
    mailer.send(message('retry@example.com'));
    await mailer.idle();

    expect(smtp.attempts() - attemptsBefore).toBe(3);
    expect(smtp.messages.map((mail) => mail.envelopeTo)).toEqual([['retry@example.com']]);
    // Backoff: it waited 40 ms, then 80 ms, and never the third delay.
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
    expect(Date.now() - started).toBeLessThan(1_000);
    const failures = entries.filter((entry) => entry.level === 'error');
    expect(failures.map((entry) => [entry.msg, entry.obj.attempt, entry.obj.retryInMs])).toEqual([
      ['mail delivery failed; retrying', 1, 40],
      ['mail delivery failed; retrying', 2, 80],
    ]);
    for (const failure of failures) {
      expect(failure.obj.to).toBe('retry@example.com');
      expect(failure.obj.err).toBeInstanceOf(Error);
      expect(String((failure.obj.err as Error).message)).toContain('Try again later');
    }
    expect(entries.at(-1)).toMatchObject({ level: 'info', msg: 'mail sent' });
  });

  it('gives up after the last delay and logs that as an error; send() itself never throws', async () => {
    const { entries, log } = recordingLog();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      outboxDir: tmpDir,
      log,
      retryDelaysMs: [5, 5],
    });
    smtp.failNext(100);
    const attemptsBefore = smtp.attempts();
    expect(() => mailer.send(message('lost@example.com'))).not.toThrow();
    await mailer.idle();

    expect(smtp.attempts() - attemptsBefore).toBe(3);
    expect(smtp.messages).toEqual([]);
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([
      ['error', 'mail delivery failed; retrying'],
      ['error', 'mail delivery failed; retrying'],
      ['error', 'mail delivery failed; giving up'],
    ]);
    expect(entries.at(-1)!.obj).toMatchObject({ to: 'lost@example.com', subject: 'Hello there' });
    expect(entries.at(-1)!.obj.err).toBeInstanceOf(Error);
    // Dead letter: the whole message is kept in outbox/failed/, and the log names the file.
    const deadLetter = entries.at(-1)!.obj.deadLetter as string;
    expect(path.dirname(deadLetter)).toBe(path.join(tmpDir, 'failed'));
    expect(JSON.parse(fs.readFileSync(deadLetter, 'utf8'))).toEqual({
      from: FROM,
      ...message('lost@example.com'),
    });
  });

  it('sendPrepared() delivers what the preparation returns, skips undefined and logs a failed preparation', async () => {
    const { entries, log } = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: tmpDir, log });
    const order: string[] = [];
    mailer.sendPrepared(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('first');
      return message('prepared@example.com');
    });
    mailer.sendPrepared(async () => {
      order.push('second');
      return undefined;
    });
    mailer.sendPrepared(() => Promise.reject(new Error('database gone')));
    await mailer.idle();

    // Preparations run one after another, in order.
    expect(order).toEqual(['first', 'second']);
    expect(smtp.messages.map((mail) => mail.envelopeTo)).toEqual([['prepared@example.com']]);
    const failure = entries.find((entry) => entry.level === 'error');
    expect(failure?.msg).toBe('mail could not be prepared');
    expect((failure?.obj.err as Error).message).toBe('database gone');
  });
});

describe('createMailer over SMTP: shutdown and the queue on disk', () => {
  it('close() on shutdown first delivers what is queued, then closes the connection', async () => {
    const { log } = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: tmpDir, log });
    mailer.send(message('last@example.com'));
    await mailer.close();
    expect(smtp.messages.map((mail) => mail.envelopeTo)).toEqual([['last@example.com']]);
  });

  it('keeps each mail in outbox/queue/ until the SMTP server has taken it', async () => {
    const { log } = recordingLog();
    const outboxDir = fs.mkdtempSync(path.join(tmpDir, 'queue-'));
    const queueDir = path.join(outboxDir, 'queue');
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir, log, retryDelaysMs: [300] });
    smtp.failNext(1);
    const attemptsBefore = smtp.attempts();
    mailer.send(message('queued@example.com'));
    // After the refused first attempt, during the backoff, the mail waits on disk (a crash here keeps it).
    await expect.poll(() => smtp.attempts() - attemptsBefore).toBe(1);
    const waiting = fs.readdirSync(queueDir).filter((file) => file.endsWith('.json'));
    expect(waiting).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(queueDir, waiting[0]!), 'utf8'))).toEqual({
      from: FROM,
      ...message('queued@example.com'),
    });
    await mailer.idle();
    expect(smtp.messages.map((mail) => mail.envelopeTo)).toEqual([['queued@example.com']]);
    expect(fs.readdirSync(queueDir)).toEqual([]);
  });

  it('on start, sends what a crash left in outbox/queue/, attachments included', async () => {
    const { entries, log } = recordingLog();
    const outboxDir = fs.mkdtempSync(path.join(tmpDir, 'resume-'));
    const queueDir = path.join(outboxDir, 'queue');
    fs.mkdirSync(queueDir);
    const pdf = Buffer.from('%PDF-1.4 left over');
    fs.writeFileSync(
      path.join(queueDir, '2026-11-23T10-00-00-000Z-abcdef.json'),
      JSON.stringify({
        from: FROM,
        ...message('left-over@example.com'),
        replyTo: 'sender@example.com',
        attachments: [
          {
            filename: 'a.pdf',
            contentType: 'application/pdf',
            size: pdf.length,
            contentBase64: pdf.toString('base64'),
          },
        ],
      }),
    );
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir, log });
    await mailer.idle();

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail).toMatchObject({
      envelopeTo: ['left-over@example.com'],
      subject: 'Hello there',
      text: 'Plain text body',
    });
    expect(mail!.headers['reply-to']).toContain('sender@example.com');
    expect(mail!.attachments.map((attachment) => attachment.content.toString())).toEqual([
      '%PDF-1.4 left over',
    ]);
    expect(fs.readdirSync(queueDir)).toEqual([]);
    expect(entries.map((entry) => entry.msg)).toEqual([
      'queued mail from before the restart resumed',
      'mail sent',
    ]);
  });

  it('retries and logs when the SMTP server cannot be reached at all', async () => {
    const { entries, log } = recordingLog();
    const port = await closedPort();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: tmpDir,
      log,
      retryDelaysMs: [5],
    });
    mailer.send(message('nowhere@example.com'));
    await mailer.idle();
    expect(entries.map((entry) => entry.msg)).toEqual([
      'mail delivery failed; retrying',
      'mail delivery failed; giving up',
    ]);
    expect((entries[1]!.obj.err as NodeJS.ErrnoException).code).toMatch(/ECONNREFUSED|ESOCKET/);
  });
});

describe('createMailer without SMTP_URL (dev outbox)', () => {
  it('writes each message as JSON into the outbox directory and logs where', async () => {
    const { entries, log } = recordingLog();
    const outboxDir = path.join(tmpDir, 'outbox-unit');
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, log });
    mailer.send(message('dev@example.com'));
    mailer.send(message('dev2@example.com'));
    await mailer.idle();

    const files = fs.readdirSync(outboxDir).filter((file) => file.endsWith('.json'));
    expect(files).toHaveLength(2);
    const written = files.map(
      (file) => JSON.parse(fs.readFileSync(path.join(outboxDir, file), 'utf8')) as object,
    );
    expect(written).toContainEqual({ from: FROM, ...message('dev@example.com') });
    expect(written).toContainEqual({ from: FROM, ...message('dev2@example.com') });
    expect(entries.map((entry) => entry.msg)).toEqual([
      'mail written to the dev outbox (SMTP_URL not set)',
      'mail written to the dev outbox (SMTP_URL not set)',
    ]);
    expect(files.map((file) => path.join(outboxDir, file)).sort()).toEqual(
      entries.map((entry) => entry.obj.file).sort(),
    );
  });

  it('retries and logs when the outbox cannot be written', async () => {
    const { entries, log } = recordingLog();
    const blocker = path.join(tmpDir, 'not-a-directory');
    fs.writeFileSync(blocker, 'a file where the outbox directory should be');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: FROM,
      outboxDir: blocker,
      log,
      retryDelaysMs: [5],
    });
    mailer.send(message());
    await mailer.idle();
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([
      ['error', 'mail delivery failed; retrying'],
      ['error', 'mail could not be written to the dead-letter folder either'],
      ['error', 'mail delivery failed; giving up'],
    ]);
  });

  it('the app without SMTP writes the invitation e-mail to <DATA_DIR>/outbox', async () => {
    const testApp = await buildTestApp({ authRateLimitPerMinute: 10_000 });
    try {
      const { app, config } = testApp;
      expect(config.smtpUrl).toBeUndefined();
      const owner = await createSignedInUser(app);
      const { decision } = await createTeamDecision(app, owner, { name: 'Outbox trip' });
      const email = uniqueEmail('outbox');
      const invitation = await inviteByEmail(app, owner, decision.id, email);
      await app.mailer.idle();

      const outbox = path.join(config.dataDir, 'outbox');
      const files = fs.readdirSync(outbox).filter((file) => file.endsWith('.json'));
      // The owner's registration mail is there too.
      const mails = files
        .map(
          (file) =>
            JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as MailMessage & { from: string },
        )
        .filter((written) => written.to === email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.from).toBe(config.mailFrom);
      expect(mail.subject).toContain('Outbox trip');
      // The mail carries a token of its own (issue 25): the same link with another token.
      expect(mail.text).toMatch(/\/invite\?token=[\w-]+/);
      expect(mail.html).toContain(`${config.appUrl}/invite?token=`);
      expect(invitation.link).toBe(`${config.appUrl}/invite?token=${invitation.invite_token}`);
    } finally {
      await testApp.close();
    }
  });
});
