import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importPreviewQuerySchema,
  importPreviewSchema,
  importTextRequestSchema,
} from '../../../shared/api/decision-import.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';
import { fieldKeysOf } from '../../validation.ts';
import type { DecisionImportService, ImportSource } from './service.ts';

const { maxBytes } = LIMITS.import;

function isPayloadTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413;
}

/** The one file of a multipart body (field `file`); beyond 2 MB a 413, a malformed body a 400. */
async function readUploadedSheet(request: FastifyRequest): Promise<ImportSource> {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file || file.fieldname !== 'file')
      throw new AppError('VALIDATION_FAILED', { file: 'validation.required' });
    return { file: await file.toBuffer(), filename: file.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isPayloadTooLarge(error)) throw new AppError('PAYLOAD_TOO_LARGE', { file: 'import.fileTooLarge' });
    throw new AppError('VALIDATION_FAILED', { file: 'validation.invalid' });
  }
}

/** Pasted cells: JSON `{ text }`, at most as many bytes as a file. */
function pastedSheet(body: unknown): ImportSource {
  const parsed = importTextRequestSchema.safeParse(body);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldKeysOf(parsed.error));
  if (Buffer.byteLength(parsed.data.text) > maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', { text: 'import.fileTooLarge' });
  return { text: parsed.data.text };
}

/** Issue 31: a decision from a spreadsheet, previewed for the form; nothing is saved. */
export const decisionImportRoutes: FastifyPluginAsyncZod<{
  decisionImportService: DecisionImportService;
}> = async (app, { decisionImportService }) => {
  // Each preview parses up to 2 MB (an XLSX file unpacks to more): counted per user, refused ones too.
  const limitPreviews = perUserRateLimit(app, [
    { max: LIMITS.import.perUserPerMinute, timeWindow: '1 minute' },
  ]);

  app.post(
    '/api/decision/import/preview',
    {
      onRequest: app.authenticate,
      preHandler: limitPreviews,
      // JSON escapes tabs and line breaks: room for 2 MB of pasted text (checked in bytes below).
      bodyLimit: 2 * maxBytes,
      schema: {
        tags: ['decisions'],
        security: [{ bearerAuth: [] }],
        description:
          'Reads a spreadsheet (multipart field `file`: CSV, TSV or XLSX, at most 2 MB) or pasted cells ' +
          '(JSON `{ text }`) into the payload of PUT /api/decision/{id}, with warnings naming 1-based sheet ' +
          'rows and columns. Saves nothing. `target=team` holds score cells to the team scale (0–10).',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: importPreviewQuerySchema,
        response: {
          200: importPreviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const source = request.isMultipart() ? await readUploadedSheet(request) : pastedSheet(request.body);
      return decisionImportService.preview({
        source,
        language: request.language,
        target: request.query.target,
      });
    },
  );
};
