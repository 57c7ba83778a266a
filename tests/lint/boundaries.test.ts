// The linter keeps the code's boundaries (eslint.config.js): each wrong import
// below must fail `npm run lint` with the boundary's own words, and each right
// one must pass. Linted as text under a file name in the part it belongs to,
// against the real files it imports.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages (rule: text) ESLint gives `code` as if it were the file `file`. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const use = (names: string) => `\nexport const used = [${names}];\n`;

describe('wrong imports fail the lint', () => {
  it.each([
    ['a feature importing another', 'src/features/catalog/probe.ts',
      "import { cartQuery } from '@/features/cart/api/get-cart';", 'cartQuery', 'Features never import each other'],
    ['components importing a feature', 'src/components/probe.tsx',
      "import { cartQuery } from '@/features/cart/api/get-cart';", 'cartQuery', 'src/components and src/lib are shared by every screen'],
    ['lib importing the app', 'src/lib/probe.ts',
      "import { AppRoutes } from '@/app/router';", 'AppRoutes', 'src/components and src/lib are shared by every screen'],
    ['lib importing the service worker side', 'src/lib/probe.ts',
      "import { registerServiceWorker } from '@/pwa/register';", 'registerServiceWorker', 'src/lib does not import src/pwa'],
    ['the storefront importing the server beyond its contract', 'src/features/cart/probe.ts',
      "import { toEgp } from '../../../server/domain/money.ts';", 'toEgp', 'The storefront imports from server/ only server/contract'],
    ['the storefront climbing to the contract instead of its alias', 'src/features/cart/probe.ts',
      "import { normalizePhone } from '../../../server/contract/rules';", 'normalizePhone', 'through @contract/'],
    ['a money rule importing the database', 'server/domain/probe.ts',
      "import { openDatabase } from '../db/database.ts';", 'openDatabase', 'server/domain holds pure rules'],
    ['a money rule doing I/O', 'server/domain/probe.ts',
      "import fs from 'node:fs';", 'fs', 'no I/O'],
    ['a route importing a repository', 'server/routes/api/cart/probe.ts',
      "import { CartRepository } from '../../../plugins/app/cart/cart-repository.ts';", 'CartRepository', 'Routes reach repositories, services and the database through the app'],
    ['the seed reaching into the app\'s plugins', 'server/db/seed/probe.ts',
      "import lang from '../../plugins/app/lang.ts';", 'lang', 'they do not reach into its plugins'],
    ['the contract importing the server', 'server/contract/probe.ts',
      "import { loadConfig } from '../settings.ts';", 'loadConfig', 'server/contract is shared with the storefront'],
  ])('%s', async (_name, file, line, names, words) => {
    const messages = await lint(file, line + use(names));
    expect(messages.some((m) => m.includes(words)), messages.join('\n')).toBe(true);
  });
});

describe('right imports pass', () => {
  it.each([
    ['a feature importing lib, components and the contract', 'src/features/catalog/probe.ts',
      "import { request } from '@/lib/api-client';\nimport { Price } from '@/components/price';\nimport { normalizePhone } from '@contract/rules';", 'request, Price, normalizePhone'],
    ['the app importing features', 'src/app/probe.ts',
      "import { cartQuery } from '@/features/cart/api/get-cart';", 'cartQuery'],
    ['a route importing the contract', 'server/routes/api/cart/probe.ts',
      "import { CartData } from '../../../contract/cart.ts';", 'CartData'],
    ['a money rule importing the contract', 'server/domain/probe.ts',
      "import { normalizePhone } from '../contract/rules.ts';", 'normalizePhone'],
  ])('%s', async (_name, file, line, names) => {
    expect(await lint(file, line + use(names))).toEqual([]);
  });
});

describe('the back office', () => {
  // It has no file yet: a probe stands in for it while the test runs.
  const dir = path.join(ROOT, 'src/admin');
  const probe = path.join(dir, `lint-probe-${process.pid}.ts`);
  const made = !fs.existsSync(dir);
  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, 'export const probe = 1;\n');
  });
  afterAll(() => {
    fs.rmSync(probe, { force: true });
    if (made) fs.rmSync(dir, { recursive: true, force: true });
  });
  const target = `@/admin/lint-probe-${process.pid}`;

  it('is never imported by shopper code', async () => {
    for (const file of ['src/app/probe.ts', 'src/features/cart/probe.ts', 'src/lib/probe.ts', 'src/main-probe.ts']) {
      const messages = await lint(file, `import { probe } from '${target}';${use('probe')}`);
      expect(messages.some((m) => m.includes('Shopper code never imports the back office')), `${file}: ${messages.join('\n')}`).toBe(true);
    }
  });

  it('imports lib and components, never the shop\'s features', async () => {
    expect(await lint('src/admin/orders/probe.ts', `import { request } from '@/lib/api-client';\nimport { Price } from '@/components/price';${use('request, Price')}`)).toEqual([]);
    const messages = await lint('src/admin/orders/probe.ts', `import { cartQuery } from '@/features/cart/api/get-cart';${use('cartQuery')}`);
    expect(messages.some((m) => m.includes('The back office imports only src/lib and src/components')), messages.join('\n')).toBe(true);
  });
});
