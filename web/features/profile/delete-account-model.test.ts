import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { isCodeFieldShown } from './delete-account-model.ts';

describe('isCodeFieldShown', () => {
  const askedForCode = new ApiError(400, {
    error: 'Some fields are invalid.',
    code: 'VALIDATION_FAILED',
    fields: { code: 'validation.required' },
  });
  const wrongPassword = new ApiError(403, {
    error: 'The password is incorrect.',
    code: 'WRONG_CURRENT_PASSWORD',
    fields: { password: 'errors.WRONG_CURRENT_PASSWORD' },
  });

  it.each([
    ['the preview says a second factor is on', true, null, true],
    ['the server asked for the code after the preview', false, askedForCode, true],
    ['only the password was wrong', false, wrongPassword, false],
    ['nothing asks for it', false, null, false],
    ['the preview is still loading', undefined, null, false],
  ])('%s', (_case, isRequiredByPreview, lastError, expected) => {
    expect(isCodeFieldShown(isRequiredByPreview, lastError)).toBe(expected);
  });
});
