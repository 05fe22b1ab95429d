import type { ExportFormat } from '../../../shared/api/export.ts';
import type { ApiErrorBody } from '../../../shared/errors.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { currentLanguage } from '../../lib/i18n.ts';
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
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const zone = browserTimeZone();
  const query = zone ? `?tz=${encodeURIComponent(zone)}` : '';

  let response: Response;
  try {
    response = await fetch(`/api/decision/${decisionId}/export.${format}${query}`, {
      headers,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    if (response.status === 401 && token) useAuthStore.getState().expireSession();
    throw new ApiError(response.status, body);
  }

  const blob = await response.blob();
  const name = fileNameFromDisposition(
    response.headers.get('Content-Disposition'),
    `decision-${decisionId}.${format}`,
  );
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
