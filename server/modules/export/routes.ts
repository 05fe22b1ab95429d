import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { exportQuerySchema } from '../../../shared/api/export.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { requireAccess } from '../decisions/index.ts';
import { renderCsv } from './csv.ts';
import { contentDisposition } from './format.ts';
import type { ExportReport, ExportService } from './service.ts';

// No response schema: the bodies are files (refusals leave through the error handler as usual).
const common = {
  tags: ['export'],
  security: [{ bearerAuth: [] }],
  params: decisionIdParamsSchema,
  querystring: exportQuerySchema,
};

/** A file format: what its route says of itself and how the report is rendered. */
interface ExportFormat {
  extension: string;
  contentType: string;
  description: string;
  render: (report: ExportReport, exportService: ExportService) => string | Promise<Buffer>;
}

const FORMATS: ExportFormat[] = [
  {
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    description: 'The decision as CSV (UTF-8 with BOM; `;` and decimal comma in German).',
    render: renderCsv,
  },
  {
    extension: 'pdf',
    contentType: 'application/pdf',
    description: 'The decision as a one- or two-page PDF report in the caller’s language.',
    // In a worker thread: laying out a large report would block every other request meanwhile.
    render: (report, exportService) => exportService.renderPdf(report),
  },
];

/** Downloads for everyone who may view the decision: exactly the details rules (outsiders 404). */
export const exportRoutes: FastifyPluginAsyncZod<{
  exportService: ExportService;
}> = async (app, { exportService }) => {
  app.addHook('onRequest', app.authenticate);
  const config = { rateLimit: { max: LIMITS.export.perMinute, timeWindow: '1 minute' } };

  for (const format of FORMATS) {
    app.get(
      `/api/decision/:id/export.${format.extension}`,
      {
        config,
        schema: { ...common, description: format.description, produces: [format.contentType.split(';')[0]!] },
        preHandler: app.decisionAccess('view'),
      },
      async (request, reply) => {
        const access = requireAccess(request);
        const report = await exportService.report(access, request.language, request.query.tz);
        return reply
          .type(format.contentType)
          .header('Content-Disposition', contentDisposition(report.title, format.extension))
          .header('Cache-Control', 'private, no-store')
          .send(await format.render(report, exportService));
      },
    );
  }
};
