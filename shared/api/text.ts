import { z } from 'zod';

// PostgreSQL refuses NUL in text and control characters have no place in user text; refusing
// them here gives the same 400 on both databases instead of a 500 on one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// Invisible characters that let a text look like something it is not (issue 27): C1 controls,
// bidi overrides and isolates (reordering, "Trojan Source"), and U+FEFF. Joiners (U+200C, U+200D)
// are not among them: emoji sequences and several scripts need them.
const INVISIBLE_IN_ANY_TEXT = '\\u0080-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ufeff';
// A name, title or subject also refuses the zero-width space (two names that look the same) and
// the line and paragraph separators (a line break where none may be). Descriptions keep those:
// U+2028/U+2029 are line breaks, and U+200B is a word-break hint in Thai, Khmer and Lao.
const INVISIBLE_IN_ONE_LINE = `${INVISIBLE_IN_ANY_TEXT}\\u200b\\u2028\\u2029`;

const SINGLE_LINE_INVISIBLE = new RegExp(`[${INVISIBLE_IN_ONE_LINE}]`);
const MULTI_LINE_INVISIBLE = new RegExp(`[${INVISIBLE_IN_ANY_TEXT}]`);

const typedString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType'),
  });

/** Names, titles: one line, trimmed, no control characters, no invisible formatting. */
export function singleLineText(max: number, tooLongKey = 'validation.tooLong') {
  return typedString()
    .trim()
    .max(max, tooLongKey)
    .refine((value) => !SINGLE_LINE_CONTROL.test(value), 'validation.controlCharacters')
    .refine((value) => !SINGLE_LINE_INVISIBLE.test(value), 'validation.invisibleCharacters');
}

/**
 * Descriptions, comments, explanations: line breaks and tabs allowed, other control characters and
 * bidi overrides not (they reorder what a reader sees as much in a paragraph as in a name).
 */
export function multiLineText(max: number) {
  return typedString()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((value) => !MULTI_LINE_CONTROL.test(value), 'validation.controlCharacters')
    .refine((value) => !MULTI_LINE_INVISIBLE.test(value), 'validation.invisibleCharacters');
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const INVISIBLE_FORMATTING = new RegExp(`[${INVISIBLE_IN_ONE_LINE}]`, 'g');

/**
 * A stored text made safe for one line of a mail subject or a file name. Texts saved before the
 * rules above may still hold these characters: line breaks and controls become a space (words
 * stay apart), invisible formatting is removed, spaces are collapsed.
 */
export function oneLinePlainText(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, ' ').replace(INVISIBLE_FORMATTING, '').replace(/\s+/g, ' ').trim();
}
