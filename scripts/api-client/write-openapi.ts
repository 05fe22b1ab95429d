import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from './openapi-document.ts';

// `tsx scripts/api-client/write-openapi.ts <file>`: writes the served OpenAPI document to <file>.
const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: tsx scripts/api-client/write-openapi.ts <file>');
  process.exit(2);
}
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, await openApiDocument());
