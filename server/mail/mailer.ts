import fs from 'node:fs/promises';
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

async function writeJsonFile(dir: string, content: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`,
  );
  await fs.writeFile(file, content);
  return file;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every mail is written to the dev outbox
 * under DATA_DIR and logged. A mail SMTP refused after every retry is written to `outbox/failed/`
 * (dead letter), so nothing is ever dropped silently.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  let transport: Promise<Transporter> | undefined;
  const pending = new Set<Promise<void>>();

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

  async function deliverWithRetries(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliver(message);
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          const deadLetter = await writeJsonFile(
            path.join(outboxDir, 'failed'),
            toOutboxJson(from, message),
          ).catch((deadLetterError: unknown) => {
            log.error(
              { err: deadLetterError, to: message.to, subject: message.subject },
              'mail could not be written to the dead-letter folder either',
            );
            return undefined;
          });
          log.error(
            { err: error, to: message.to, subject: message.subject, deadLetter },
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

  return {
    send(message) {
      const job = deliverWithRetries(message).finally(() => pending.delete(job));
      pending.add(job);
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
