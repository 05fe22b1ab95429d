import type { ErrorCode } from '../../shared/errors.ts';
import { AppError } from '../app-error.ts';

/** The code and field keys of the AppError that `work` throws; any other outcome fails the test. */
export function refusal(work: () => unknown): {
  code: ErrorCode;
  fields: Record<string, string> | undefined;
} {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
}
