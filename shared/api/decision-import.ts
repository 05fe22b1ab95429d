import { z } from 'zod';

/**
 * Issue 31: POST /api/decision/import/preview reads a spreadsheet (multipart field `file`: CSV, TSV or
 * XLSX) or pasted cells (JSON `{ text }`) and answers the decision it describes, in the shape of the
 * PUT /api/decision/{id} payload, without saving anything.
 */
export const importTextRequestSchema = z.object({
  // Bytes are checked by the route (413 beyond LIMITS.import.maxBytes), not characters.
  text: z.string({ error: 'validation.required' }),
});

/** Which decision the table is for: its scale bounds the score cells (personal 1–10, team 0–10). */
export const importPreviewQuerySchema = z.object({
  target: z.enum(['personal', 'team']).default('personal'),
});

export const measureDirectionSchema = z.enum(['higher', 'lower']);

export const importedCriterionSchema = z.object({
  name: z.string(),
  importance: z.number(),
  /** Present for measured columns only (those with a Direction or a Unit row cell). */
  kind: z.literal('measure').optional(),
  unit: z.string().optional(),
  direction: measureDirectionSchema.optional(),
  worst: z.number().optional(),
  best: z.number().optional(),
});

export const importedEvaluationSchema = z.union([
  z.object({ option_index: z.number(), criterion_index: z.number(), value: z.number() }),
  z.object({ option_index: z.number(), criterion_index: z.number(), measure: z.number() }),
]);

/** A cell, row or column the import read differently than written, or not at all: 1-based sheet position. */
export const importWarningSchema = z.object({
  row: z.number(),
  column: z.number(),
  message: z.string(),
});

export const importPreviewSchema = z.object({
  name: z.string(),
  options: z.array(z.string()),
  criteria: z.array(importedCriterionSchema),
  evaluations: z.array(importedEvaluationSchema),
  warnings: z.array(importWarningSchema),
});

export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportedCriterion = z.infer<typeof importedCriterionSchema>;
export type ImportedEvaluation = z.infer<typeof importedEvaluationSchema>;
export type ImportWarning = z.infer<typeof importWarningSchema>;
export type ImportTarget = z.infer<typeof importPreviewQuerySchema>['target'];

/** The file types the form offers (the server reads the content, not the name). */
export const IMPORT_FILE_ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A team import's measured cells as `facts` for PUT /api/team-decisions/{id} right after the create
 * (owner): raw values by position in the lists just created. Score cells stay behind (members vote).
 */
export function importedFactsOf(preview: Pick<ImportPreview, 'evaluations'>) {
  return preview.evaluations.flatMap((evaluation) =>
    'measure' in evaluation
      ? [
          {
            option_index: evaluation.option_index,
            criterion_index: evaluation.criterion_index,
            measure: evaluation.measure,
          },
        ]
      : [],
  );
}
