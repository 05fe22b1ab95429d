import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFieldsSchema, contactResponseSchema } from '../../../shared/api/contact.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { translate } from '../../i18n.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import { fieldKeysOf } from '../../validation.ts';
import { detectAttachmentType, safeAttachmentName } from './attachment.ts';
import type { ContactService } from './service.ts';

interface ContactUpload {
  fields: Record<string, string>;
  file: { filename: string; content: Buffer } | undefined;
}

function isPayloadTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413;
}

/** Reads every part; the file stops at 5 MB with a 413. A malformed body is a 400, never a 500. */
async function readContactUpload(request: FastifyRequest): Promise<ContactUpload> {
  const upload: ContactUpload = { fields: {}, file: undefined };
  try {
    const parts = request.parts({
      limits: { fileSize: LIMITS.contact.attachmentMaxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // A file input left empty still sends a part without name and content.
        if (part.fieldname === 'attachment' && (content.length > 0 || part.filename))
          upload.file = { filename: part.filename, content };
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] ??= part.value;
      }
    }
  } catch (error) {
    if (isPayloadTooLarge(error))
      throw new AppError('PAYLOAD_TOO_LARGE', { attachment: 'contact.attachmentTooLarge' });
    throw new AppError('VALIDATION_FAILED', { _: 'validation.invalid' });
  }
  return upload;
}

function checkedAttachment(file: ContactUpload['file']): MailAttachment | undefined {
  if (!file) return undefined;
  const type = file.content.length > 0 ? detectAttachmentType(file.content) : undefined;
  if (!type) throw new AppError('INVALID_ATTACHMENT', { attachment: 'errors.INVALID_ATTACHMENT' });
  return {
    filename: safeAttachmentName(file.filename, type),
    contentType: type.contentType,
    content: file.content,
  };
}

export const contactRoutes: FastifyPluginAsyncZod<{
  contactService: ContactService;
  perHour: number;
}> = async (app, { contactService, perHour }) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: { max: perHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['contact'],
        consumes: ['multipart/form-data'],
        response: {
          201: contactResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const upload = await readContactUpload(request);
      const parsed = contactFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldKeysOf(parsed.error));
      const attachment = checkedAttachment(upload.file);
      const { id } = await contactService.submit(parsed.data, attachment, request.language);
      return reply.status(201).send({ id, message: translate(request.language, 'api.contactSent') });
    },
  );
};
