import { ApiError } from '../../lib/api-client.ts';

/**
 * The code field shows when the preview says a second factor is on, or once the server asked for the
 * code (a factor turned on after the preview was read).
 */
export function isCodeFieldShown(isRequiredByPreview: boolean | undefined, lastError: unknown): boolean {
  if (isRequiredByPreview) return true;
  return lastError instanceof ApiError && lastError.fields.code !== undefined;
}
