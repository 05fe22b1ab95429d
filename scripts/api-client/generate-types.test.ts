import fs from 'node:fs';
import { expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from './generate-types.ts';

it('the committed API types are what the served document generates today', { timeout: 60_000 }, async () => {
  // On failure: npm run generate:api-types, and commit the result.
  expect(await generateApiTypes()).toBe(fs.readFileSync(API_TYPES_FILE, 'utf8'));
});
