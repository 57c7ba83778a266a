// The linter keeps the code's shape (docs/architecture.md, "Boundaries"):
// which part may import which, the rules of hooks and of TanStack Query's
// keys, accessible JSX, and TypeScript's own pitfalls. `npm test` runs it
// before anything else; tests/lint/boundaries.test.ts proves each boundary
// fails a wrong import.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const FEATURES = fs.readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** What code in server/domain may not import: anything that reaches a disk, a network, a database or a clock of its own. */
const IO_MODULES = ['node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'child_process', 'crypto',
  'better-sqlite3', 'kysely', 'pg', 'fastify', 'fastify-*', '@fastify/*', 'nodemailer', 'jsdom', 'sharp'];

/**
 * The boundaries between the code's parts. A zone says: files under
 * `target` may not import from `from` (less `except`).
 */
const zones = [
  // Features never import each other: what two of them share moves to components/ or lib/.
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}/**`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}/**`),
    message: 'Features never import each other: move what they share to src/components or src/lib.',
  })),
  { target: ['./src/components/**', './src/lib/**'], from: ['./src/features/**', './src/app/**'],
    message: 'src/components and src/lib are shared by every screen: they never import a feature or the app.' },
  { target: './src/lib/**', from: './src/pwa/**',
    message: 'src/lib does not import src/pwa: the service worker side depends on lib, not the reverse.' },
  // The back office: it may use lib/ and components/ (and the contract), never the shop's
  // features or app; and the shop never reaches the back office.
  { target: './src/admin/**', from: ['./src/features/**', './src/app/**', './src/pwa/**'],
    message: 'The back office imports only src/lib and src/components from the storefront.' },
  { target: './src/!(admin)/**', from: './src/admin/**',
    message: 'Shopper code never imports the back office: it must never reach a shopper\'s first load.' },
  { target: './src/*.{ts,tsx}', from: './src/admin/**',
    message: 'Shopper code never imports the back office: it must never reach a shopper\'s first load.' },
  // The storefront and the server meet only in the contract.
  { target: './src/**', from: './server', except: ['./contract'],
    message: 'The storefront imports from server/ only server/contract (through @contract/).' },
  { target: './server/contract/**', from: ['./server/!(contract)/**', './server/*.ts', './src/**'],
    message: 'server/contract is shared with the storefront: it imports only itself.' },
  // Money and cart rules are pure.
  { target: './server/domain/**', from: ['./server/!(domain|contract)/**', './server/*.ts'],
    message: 'server/domain holds pure rules: no database, plugin, route or setting.' },
  // Handlers reach repositories through the app's decorated instances (app.carts, …).
  { target: './server/routes/**', from: ['./server/plugins/app/**/*-repository.ts', './server/services/**', './server/db/**'],
    message: 'Routes reach repositories, services and the database through the app (app.carts, app.checkout, …), not by import.' },
  { target: './server/db/**', from: ['./server/plugins/**', './server/routes/**', './server/services/**'],
    message: 'Migrations and the seed stand below the app: they do not reach into its plugins, services or routes.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'bench/results/**', 'public/**', 'locales/**/*.{js,ts,mjs}', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A timer declared before the closure that clears it, set after: `let` on purpose.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Arabic's combining marks written as escapes (\u064B) are meant one by one.
      'no-misleading-character-class': ['error', { allowEscape: true }],
    },
  },
  {
    // The storefront: browser code, React.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery, 'jsx-a11y': jsxA11y },
    rules: {
      // The rules of hooks. Not the React Compiler's own rules (purity, refs, set-state-in-effect…):
      // the app is not compiled by it (docs/decisions.md).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...pluginQuery.configs.recommended.rules,
      '@tanstack/query/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog's component may take the focus as it opens (the dialog pattern): MUI's autoFocus, not a DOM element's.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // One way to the server: the @contract alias, not a climb out of src/.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '!@contract/**'], message: 'Import the server\'s contract through @contract/…, and nothing else of server/.' }] }],
    },
  },
  {
    // A carousel's region takes the arrow keys, Home and End pressed on the buttons and slides
    // inside it (delegation): the keys belong to the focused controls, not to the region itself.
    files: ['src/features/product/components/carousel.tsx', 'src/features/product/components/swiper-carousel.tsx'],
    rules: { 'jsx-a11y/no-noninteractive-element-interactions': 'off' },
  },
  {
    // Migrations and the query helpers work on the database of any version of the schema.
    files: ['server/db/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Pure rules: nothing that does I/O.
    files: ['server/domain/**/*.ts', 'server/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [], patterns: [{ group: IO_MODULES, message: 'server/domain and server/contract are pure: no I/O.' }] }],
    },
  },
  {
    // Tests reach into anything they test, and build their doubles loosely.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // boot.js runs in the page before the app: a plain script of its own.
    files: ['src/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
);
