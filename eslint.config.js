import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Folder boundaries (docs/ARCHITECTURE.md, "Boundaries"). Imports are relative, so each pattern matches
// the folder name after any number of `../`. ESLint does not merge the options of one rule across
// config blocks, so every block lists all the patterns that apply to its files.
const boundary = {
  sharedIsPure: {
    regex: '^(\\.\\./)+(server|web)/',
    message: 'shared runs in browser and server: no I/O, no app code (nothing from server/ or web/).',
  },
  webIsClientOnly: {
    regex: '^(\\.\\./)+server/',
    message: 'web/ runs in the browser: talk to the server through the API, share code through shared/.',
  },
  serverIsNotWeb: {
    regex: '^(\\.\\./)+web/',
    message: 'server/ never imports web/: code both need belongs in shared/.',
  },
  pluginsKnowNoModule: {
    regex: '^(\\.\\./)+modules/',
    message:
      'server/plugins/ are cross-cutting and must not depend on a module: declare the interface the plugin ' +
      'needs in the plugin (e.g. SessionVerifier in plugins/auth.ts) and let the module implement it.',
  },
  moduleFrontDoor: {
    regex: '^\\.\\./[a-z-]+/(?!index\\.ts$)',
    message:
      "Another module is reached through its front door only: import from '../<module>/index.ts' (and export " +
      'what you need there), never from its other files.',
  },
  appUsesFrontDoors: {
    regex: '(^|/)modules/[a-z-]+/(?!index\\.ts$)',
    message: "A module is reached through its front door only: import from 'modules/<module>/index.ts'.",
  },
  repoIsSqlOnly: {
    regex: '(^|/)(service|routes)(\\.ts)?$',
    message:
      'A repo.ts is SQL only: it never imports a service or routes (the use cases call the repo, not the reverse).',
  },
};
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'web/public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Issue 26: no function over 150 lines of code, factories, route plugins and describe blocks included.
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['shared/**/*.{ts,tsx}'], rules: restrictImports(boundary.sharedIsPure) },
  { files: ['web/**/*.{ts,tsx}'], rules: restrictImports(boundary.webIsClientOnly) },
  { files: ['server/**/*.ts'], rules: restrictImports(boundary.serverIsNotWeb) },
  {
    files: ['server/plugins/**/*.ts'],
    // Plugin tests drive the assembled app and may use module helpers, as server/test does.
    ignores: ['server/plugins/**/*.test.ts'],
    rules: restrictImports(boundary.serverIsNotWeb, boundary.pluginsKnowNoModule),
  },
  {
    files: ['server/modules/*/*.ts'],
    // Tests may reach into any module, as server/test does.
    ignores: ['server/modules/**/*.test.ts'],
    rules: restrictImports(boundary.serverIsNotWeb, boundary.moduleFrontDoor),
  },
  {
    files: ['server/modules/*/repo.ts'],
    rules: restrictImports(boundary.serverIsNotWeb, boundary.repoIsSqlOnly, boundary.moduleFrontDoor),
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**', 'server/plugins/**', 'server/test/**', 'server/**/*.test.ts'],
    rules: restrictImports(boundary.serverIsNotWeb, boundary.appUsesFrontDoors),
  },
  // Command-line tools print their results.
  { files: ['bench/**/*.ts', 'e2e/**/*.ts'], rules: { 'no-console': 'off' } },
);
