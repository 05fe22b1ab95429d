import { describe, expect, it } from 'vitest';
import { multiLineText, oneLinePlainText, singleLineText } from './text.ts';

const REFUSED_IN_ONE_LINE: [string, string][] = [
  ['a left-to-right embedding', '\u202a'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['a pop directional isolate', '\u2069'],
  ['a zero-width space', '\u200b'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['the first C1 control', '\u0080'],
  ['a next-line control', '\u0085'],
  ['the last C1 control', '\u009f'],
  ['a byte order mark', '\ufeff'],
];

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('singleLineText', () => {
  const name = singleLineText(100);

  it.each(REFUSED_IN_ONE_LINE)('refuses %s inside a name', (_, char) => {
    expect(firstMessage(name.safeParse(`Plan${char}A`))).toBe('validation.invisibleCharacters');
  });

  it('keeps joiners for emoji and scripts, and other non-Latin text', () => {
    for (const text of ['👩\u200d💻 Team', 'می\u200cخواهم', 'क्\u200dष', 'Größe', '日本語', 'שלום עולם']) {
      expect(name.safeParse(text)).toEqual({ success: true, data: text });
    }
  });

  it('still refuses C0 controls with their own message', () => {
    expect(firstMessage(name.safeParse('a\u0007b'))).toBe('validation.controlCharacters');
  });
});

describe('multiLineText', () => {
  const description = multiLineText(1000);

  it.each(REFUSED_IN_ONE_LINE.filter(([, char]) => !'\u200b\u2028\u2029'.includes(char)))(
    'refuses %s inside a description',
    (_, char) => {
      expect(firstMessage(description.safeParse(`First line\nsecond ${char}line`))).toBe(
        'validation.invisibleCharacters',
      );
    },
  );

  it('keeps line breaks, tabs, joiners, zero-width spaces and line separators', () => {
    const text = 'One\r\ntwo\tthree\n👨\u200d👩\u200d👧 ภาษา\u200bไทย\u2028four\u2029five';
    expect(description.safeParse(text)).toEqual({ success: true, data: text });
  });
});

describe('oneLinePlainText', () => {
  it('removes bidi formatting, zero-width spaces and byte order marks', () => {
    expect(oneLinePlainText('\ufeffInvoice \u202egnp.exe\u202c')).toBe('Invoice gnp.exe');
    expect(oneLinePlainText('Pl\u200ban \u2066A\u2069')).toBe('Plan A');
  });

  it('turns line breaks and controls into one space so words stay apart', () => {
    expect(oneLinePlainText('New\u2028car\u2029or\u0085bike\r\nor\u0007train')).toBe(
      'New car or bike or train',
    );
  });

  it('keeps joiners and trims', () => {
    expect(oneLinePlainText('  👩\u200d💻 Team  ')).toBe('👩\u200d💻 Team');
  });
});
