import type { z } from 'zod';
import { hasTranslation } from './i18n.ts';

/**
 * One failed check, in the shape fastify-type-provider-zod reports route-schema failures; zod errors
 * raised inside a handler are brought into it by `fieldKeysOf`.
 */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params?: Record<string, unknown>;
}

// Zod's own messages are English; map issue kinds to our translated keys unless the schema named one.
function fieldMessageKey(issue: ValidationIssue): string {
  if (issue.message && hasTranslation(issue.message)) return issue.message;
  switch (issue.keyword) {
    case 'invalid_type':
      return issue.message?.includes('received undefined') ? 'validation.required' : 'validation.invalidType';
    case 'too_small':
      return 'validation.tooShort';
    case 'too_big':
      return 'validation.tooLong';
    case 'invalid_format':
      return issue.params?.format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}

// `/options/0/name` → `options.0.name`; a failure of the whole body is `_`.
function fieldName(issue: ValidationIssue): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

/** Field → message key (`validation.*` or the schema's own key), the first issue per field winning. */
export function fieldKeysOfIssues(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[fieldName(issue)] ??= fieldMessageKey(issue);
  return fields;
}

/**
 * The same field → message-key map for a zod error raised inside a handler (multipart forms, whose
 * fields are parsed there rather than by the route schema).
 */
export function fieldKeysOf(error: z.ZodError): Record<string, string> {
  return fieldKeysOfIssues(
    error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: issue.path.map((part) => `/${String(part)}`).join(''),
      message: issue.message,
      params: { ...issue },
    })),
  );
}
