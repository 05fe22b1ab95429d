import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The folder rules of eslint.config.js, run through ESLint itself on code written for the test: a rule
// that silently stopped matching (a regex typo, a wrong `files` glob) would otherwise go unnoticed.
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of `no-restricted-imports` for `code` as if it were the file at `path`. */
async function restrictedImports(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('module front doors (moduleFrontDoor)', () => {
  const inTeamModule = 'server/modules/team/lint-rule-probe.ts';

  it.each([
    ['a value import', "import { createDecisionsRepo } from '../decisions/repo.ts';"],
    ['a type-only import', "import type { DecisionsRepo } from '../decisions/repo.ts';"],
    ['an import of a nested file', "import { x } from '../decisions/use-cases/save-matrix.ts';"],
  ])('refuses %s from another module’s inner file', async (_kind, code) => {
    const messages = await restrictedImports(`${code}\n`, inTeamModule);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("import from '../<module>/index.ts'");
  });

  it.each([
    ['the other module’s front door', "import { requireAccess } from '../decisions/index.ts';"],
    ['a file of its own module', "import { x } from './repo.ts';"],
    ['shared code', "import { LIMITS } from '../../../shared/limits.ts';"],
  ])('allows an import of %s', async (_kind, code) => {
    expect(await restrictedImports(`${code}\n`, inTeamModule)).toEqual([]);
  });

  it('lets tests reach into any module', async () => {
    const code = "import { createDecisionsRepo } from '../decisions/repo.ts';\n";
    expect(await restrictedImports(code, 'server/modules/team/lint-rule-probe.test.ts')).toEqual([]);
  });
});

describe('the app reaches modules through their front doors (appUsesFrontDoors)', () => {
  it.each([
    ['a value import', "import { decisionsRoutes } from './modules/decisions/routes.ts';"],
    ['a type-only import', "import type { DecisionsRepo } from './modules/decisions/repo.ts';"],
  ])('refuses %s of a module’s inner file in app.ts', async (_kind, code) => {
    const messages = await restrictedImports(`${code}\n`, 'server/app.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("import from 'modules/<module>/index.ts'");
  });

  it('allows the front door in app.ts', async () => {
    const code = "import { decisionsRoutes } from './modules/decisions/index.ts';\n";
    expect(await restrictedImports(code, 'server/app.ts')).toEqual([]);
  });
});
