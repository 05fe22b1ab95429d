import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { exportQuerySchema } from '../../../shared/api/export.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { DecisionsService } from '../decisions/service.ts';
import { renderCsv } from './csv.ts';
import { contentDisposition } from './format.ts';
import { renderPdf } from './pdf.ts';
import type { ExportService } from './service.ts';

// No response schema: the bodies are files (refusals leave through the error handler as usual).
const common = {
  tags: ['export'],
  security: [{ bearerAuth: [] }],
  params: decisionIdParamsSchema,
  querystring: exportQuerySchema,
};

/** Downloads for everyone who may view the decision: exactly the details rules (outsiders 404). */
export const exportRoutes: FastifyPluginAsyncZod<{
  exportService: ExportService;
  decisionsService: DecisionsService;
}> = async (app, { exportService, decisionsService }) => {
  app.addHook('onRequest', app.authenticate);
  const config = { rateLimit: { max: LIMITS.export.perMinute, timeWindow: '1 minute' } };

  app.get(
    '/api/decision/:id/export.csv',
    {
      config,
      schema: {
        ...common,
        description: 'The decision as CSV (UTF-8 with BOM; `;` and decimal comma in German).',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const access = await decisionsService.authorizedAccess(
        request.params.id,
        requireSession(request).user.id,
        'view',
      );
      const report = await exportService.report(access, request.language, request.query.tz);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition(report.title, 'csv'))
        .header('Cache-Control', 'private, no-store')
        .send(renderCsv(report));
    },
  );

  app.get(
    '/api/decision/:id/export.pdf',
    {
      config,
      schema: {
        ...common,
        description: 'The decision as a one- or two-page PDF report in the caller’s language.',
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const access = await decisionsService.authorizedAccess(
        request.params.id,
        requireSession(request).user.id,
        'view',
      );
      const report = await exportService.report(access, request.language, request.query.tz);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(report.title, 'pdf'))
        .header('Cache-Control', 'private, no-store')
        .send(await renderPdf(report));
    },
  );
};
