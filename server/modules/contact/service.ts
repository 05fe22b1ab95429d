import type { ContactFields } from '../../../shared/api/contact.ts';
import type { Language } from '../../../shared/limits.ts';
import { isoNow } from '../../db/values.ts';
import type { MailAttachment, Mailer } from '../../mail/mailer.ts';
import { contactMail } from '../../mail/templates.ts';
import type { ContactRepo } from './repo.ts';

export function createContactService(deps: {
  contact: ContactRepo;
  mailer: Mailer;
  /** CONTACT_TO, or the MAIL_FROM address when it is not set. */
  recipient: string;
  mailLanguage: Language;
}) {
  const { contact, mailer, recipient, mailLanguage } = deps;

  return {
    /** Stores the message first, then queues the mail (retried; dead-lettered, never dropped). */
    async submit(
      fields: ContactFields,
      attachment: MailAttachment | undefined,
      senderLanguage: Language,
    ): Promise<{ id: number }> {
      const id = await contact.insert({
        ...fields,
        language: senderLanguage,
        attachment,
        createdAt: isoNow(),
      });
      mailer.send({
        to: recipient,
        replyTo: fields.email,
        ...contactMail(mailLanguage, fields),
        ...(attachment ? { attachments: [attachment] } : {}),
      });
      return { id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
