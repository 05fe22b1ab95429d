import fs from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (the contact form's sender); MAIL_FROM stays the sender. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Queues the message: sent in the background with retries; failures are logged, never silent. */
  send(message: MailMessage): void;
  /**
   * Queues a mail whose content is still to be worked out (e.g. only if an account exists): the
   * caller answers at once, so response times reveal nothing; `undefined` means no mail.
   */
  sendPrepared(prepare: () => Promise<MailMessage | undefined>): void;
  /** Resolves when every queued message has been delivered or given up (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for queued messages, then closes the SMTP connection pool (shutdown). */
  close(): Promise<void>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  retryDelaysMs?: number[];
}

/** The message as JSON for the outbox folders; attachment bytes as base64. */
function toOutboxJson(from: string, message: MailMessage): string {
  const { attachments, ...rest } = message;
  return JSON.stringify(
    {
      from,
      ...rest,
      ...(attachments
        ? {
            attachments: attachments.map(({ content, ...attachment }) => ({
              ...attachment,
              size: content.length,
              contentBase64: content.toString('base64'),
            })),
          }
        : {}),
    },
    null,
    2,
  );
}

/** The message back from its outbox JSON (a queued mail after a restart). */
function fromOutboxJson(json: string): MailMessage {
  const {
    from: _from,
    attachments,
    ...rest
  } = JSON.parse(json) as Omit<MailMessage, 'attachments'> & {
    from: string;
    attachments?: (Omit<MailAttachment, 'content'> & { size: number; contentBase64: string })[];
  };
  return {
    ...rest,
    ...(attachments
      ? {
          attachments: attachments.map(({ contentBase64, size: _size, ...attachment }) => ({
            ...attachment,
            content: Buffer.from(contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}

async function writeJsonFile(dir: string, content: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`,
  );
  // Written under a temporary name and renamed, so readers never see a half-written mail.
  await fs.writeFile(`${file}.tmp`, content);
  await fs.rename(`${file}.tmp`, file);
  return file;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every mail is written to the dev outbox
 * under DATA_DIR and logged. Before an SMTP attempt the mail is written to `outbox/queue/` and only
 * removed once the server took it, so a crash or restart never loses it: the next start sends what
 * is left there. A mail SMTP refused after every retry moves to `outbox/failed/` (dead letter), so
 * nothing is ever dropped silently.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  let transport: Promise<Transporter> | undefined;
  const queueDir = path.join(outboxDir, 'queue');
  const failedDir = path.join(outboxDir, 'failed');
  const pending = new Set<Promise<void>>();
  let preparing: Promise<unknown> = Promise.resolve();

  function track(job: Promise<void>): void {
    const tracked = job.finally(() => pending.delete(tracked));
    pending.add(tracked);
  }

  /** Writes the mail to the queue folder; without SMTP the outbox write is the delivery itself. */
  async function persist(message: MailMessage): Promise<string | undefined> {
    if (!smtpUrl) return undefined;
    try {
      return await writeJsonFile(queueDir, toOutboxJson(from, message));
    } catch (error) {
      log.error({ err: error, to: message.to }, 'mail could not be queued on disk; sending from memory');
      return undefined;
    }
  }

  async function deadLetter(message: MailMessage, queued: string | undefined): Promise<string | undefined> {
    try {
      if (!queued) return await writeJsonFile(failedDir, toOutboxJson(from, message));
      await fs.mkdir(failedDir, { recursive: true });
      const file = path.join(failedDir, path.basename(queued));
      await fs.rename(queued, file);
      return file;
    } catch (deadLetterError) {
      log.error(
        { err: deadLetterError, to: message.to, subject: message.subject },
        'mail could not be written to the dead-letter folder either',
      );
      return undefined;
    }
  }

  async function deliver(message: MailMessage): Promise<void> {
    if (!smtpUrl) {
      const file = await writeJsonFile(outboxDir, toOutboxJson(from, message));
      log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the dev outbox (SMTP_URL not set)',
      );
      return;
    }
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    await (await transport).sendMail({ from, ...message });
    log.info({ to: message.to, subject: message.subject }, 'mail sent');
  }

  async function deliverWithRetries(message: MailMessage, queued?: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliver(message);
        if (queued) await fs.rm(queued, { force: true });
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          log.error(
            {
              err: error,
              to: message.to,
              subject: message.subject,
              deadLetter: await deadLetter(message, queued),
            },
            'mail delivery failed; giving up',
          );
          return;
        }
        log.error(
          { err: error, to: message.to, attempt: attempt + 1, retryInMs: delay },
          'mail delivery failed; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async function persistAndDeliver(message: MailMessage): Promise<void> {
    await deliverWithRetries(message, await persist(message));
  }

  /** Mails a crash or restart left in the queue folder go out again (listed before any new mail). */
  function resumeQueued(): void {
    let files: string[];
    try {
      files = readdirSync(queueDir).filter((file) => file.endsWith('.json'));
    } catch {
      return; // no queue folder: nothing was left
    }
    for (const name of files) {
      const queued = path.join(queueDir, name);
      track(
        fs
          .readFile(queued, 'utf8')
          .then(fromOutboxJson)
          .then((message) => {
            log.info(
              { to: message.to, subject: message.subject, file: queued },
              'queued mail from before the restart resumed',
            );
            return deliverWithRetries(message, queued);
          })
          .catch((error: unknown) =>
            log.error({ err: error, file: queued }, 'queued mail could not be read'),
          ),
      );
    }
  }
  resumeQueued();

  return {
    send(message) {
      track(persistAndDeliver(message));
    },
    sendPrepared(prepare) {
      // One preparation at a time, so checks like "at most 3 per hour" see the previous insert.
      const prepared = preparing.then(prepare);
      preparing = prepared.catch(() => undefined);
      track(
        prepared
          .then((message) => (message ? persistAndDeliver(message) : undefined))
          .catch((error: unknown) => log.error({ err: error }, 'mail could not be prepared')),
      );
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      while (pending.size) await Promise.all([...pending]);
      if (transport) (await transport).close();
    },
  };
}
