import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

/** Schema messages are i18n keys (`validation.required`); server field messages may already be text. */
export function translateFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? t(message) : message;
}

/** Shows the server's per-field messages (400 with `fields`) next to the matching inputs. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fieldNames.find((candidate) => candidate === field);
    if (name) setError(name, { type: 'server', message });
  }
}
