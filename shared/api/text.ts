import { z } from 'zod';

// PostgreSQL refuses NUL in text and control characters have no place in user text; refusing
// them here gives the same 400 on both databases instead of a 500 on one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const typedString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType'),
  });

/** Names, titles: one line, trimmed, no control characters. */
export function singleLineText(max: number, tooLongKey = 'validation.tooLong') {
  return typedString()
    .trim()
    .max(max, tooLongKey)
    .refine((value) => !SINGLE_LINE_CONTROL.test(value), 'validation.controlCharacters');
}

/** Descriptions, comments, explanations: line breaks and tabs allowed, other control characters not. */
export function multiLineText(max: number) {
  return typedString()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((value) => !MULTI_LINE_CONTROL.test(value), 'validation.controlCharacters');
}
