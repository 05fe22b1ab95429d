import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldKeysOf, fieldKeysOfIssues } from './validation.ts';

describe('fieldKeysOf', () => {
  const schema = z.strictObject({
    name: z.string().min(1).max(3),
    email: z.email(),
    website: z.url(),
    age: z.number(),
    agreed: z.literal(true, 'contact.consentRequired'),
    items: z.array(z.object({ label: z.string() })),
  });

  function keysFor(input: unknown): Record<string, string> {
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error('expected the input to fail');
    return fieldKeysOf(parsed.error);
  }

  it('maps zod issue kinds to translated message keys, one per field', () => {
    expect(
      keysFor({
        name: '',
        email: 'not-an-address',
        website: 'nope',
        age: 'old',
        agreed: false,
        items: [{ label: 7 }],
      }),
    ).toEqual({
      name: 'validation.tooShort',
      email: 'validation.email',
      website: 'validation.invalid',
      age: 'validation.invalidType',
      // A schema that names a translated key keeps it.
      agreed: 'contact.consentRequired',
      'items.0.label': 'validation.invalidType',
    });
  });

  it('tells a missing field from a wrong type, too long values and unknown keys', () => {
    expect(
      keysFor({ name: 'long', email: 'a@b.de', website: 'https://x.de', agreed: true, items: [], extra: 1 }),
    ).toEqual({
      name: 'validation.tooLong',
      age: 'validation.required',
      _: 'validation.unknownField',
    });
  });
});

describe('fieldKeysOfIssues', () => {
  it('keeps the first issue of a field and names a whole-body failure "_"', () => {
    expect(
      fieldKeysOfIssues([
        { keyword: 'too_small', instancePath: '/title' },
        { keyword: 'too_big', instancePath: '/title' },
        { keyword: 'invalid_type', instancePath: '', message: 'Invalid input' },
        // A message that is no translation key (zod's English) falls back to the generic key.
        { keyword: 'custom', instancePath: '/options/1/name', message: 'Duplicate option' },
        { keyword: 'custom', instancePath: '/criteria/0/name', message: 'validation.duplicateName' },
      ]),
    ).toEqual({
      title: 'validation.tooShort',
      _: 'validation.invalidType',
      'options.1.name': 'validation.invalid',
      'criteria.0.name': 'validation.duplicateName',
    });
  });
});
