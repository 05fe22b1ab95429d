import type { ExportFormat } from '../../../shared/api/export.ts';
import { apiResponse } from '../../lib/api-client.ts';
import { fileNameFromDisposition } from './file-name.ts';

/** The viewer's time zone, so dates in the file match the screen. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fetches the export with the session's bearer token (a plain link cannot send it) and hands the
 * file to the browser under the server's file name.
 */
export async function downloadExport(decisionId: number, format: ExportFormat): Promise<void> {
  const zone = browserTimeZone();
  const query = zone ? `?tz=${encodeURIComponent(zone)}` : '';
  const response = await apiResponse(`/api/decision/${decisionId}/export.${format}${query}`);
  await saveResponseAsFile(response, `decision-${decisionId}.${format}`);
}

/** Hands a downloaded body to the browser as a file, under the name the server chose. */
export async function saveResponseAsFile(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
