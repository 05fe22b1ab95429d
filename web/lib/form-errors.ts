import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

/** Schema messages are i18n keys (`validation.required`); server field messages may already be text. */
export function translateFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? t(message) : message;
}

export type FieldBinding = UseFormRegisterReturn & { error: string | undefined };

/** Binds a kit field (TextField, TextAreaField) to a form field: its registration and its translated error. */
export function useFieldBinding<T extends FieldValues>({
  register,
  formState: { errors },
}: Pick<UseFormReturn<T>, 'register' | 'formState'>) {
  const { t } = useTranslation();
  return (name: Path<T>): FieldBinding => ({
    error: translateFieldError(t, (get(errors, name) as FieldError | undefined)?.message),
    ...register(name),
  });
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
