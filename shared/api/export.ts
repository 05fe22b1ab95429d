import { z } from 'zod';

export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** True for any IANA zone the runtime knows (e.g. Europe/Berlin, UTC). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/decision/{id}/export.{csv,pdf}?tz=<IANA zone>: dates are shown in that zone (default UTC). */
export const exportQuerySchema = z.object({
  tz: z.string().max(64, 'validation.timeZone').refine(isValidTimeZone, 'validation.timeZone').optional(),
});

export type ExportQuery = z.infer<typeof exportQuerySchema>;
