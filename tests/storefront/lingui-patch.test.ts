// The build patches @lingui/core so that a plural formats its number only where
// the message shows it (scripts/vite/lingui-plural-number-on-demand.ts). These
// fail when the installed @lingui/core no longer has the code the patch expects,
// or when the patched code no longer does what the patch is for.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { setupI18n as SetupI18n } from '@lingui/core';
import { EAGER_NUMBER, LINGUI_CORE, patchLinguiCore } from '../../scripts/vite/lingui-plural-number-on-demand';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'node_modules/@lingui/core/dist/index.mjs');
const code = fs.readFileSync(DIST, 'utf8');
// Beside the installed packages, where its own import resolves and Node loads it as it is.
fs.mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
const dir = fs.mkdtempSync(path.join(ROOT, 'node_modules/.cache/attar-lingui-'));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fresh copy of @lingui/core's module (its formatters' cache empty), as given. */
async function linguiCore(source: string, name: string): Promise<{ setupI18n: typeof SetupI18n }> {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, source);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

/** Counts the NumberFormats made while `run` runs. */
function numberFormatsMade(run: () => void): number {
  const Real = Intl.NumberFormat;
  let made = 0;
  Intl.NumberFormat = function (...args: ConstructorParameters<typeof Real>) {
    made += 1;
    return new Real(...args);
  } as unknown as typeof Real;
  try {
    run();
  } finally {
    Intl.NumberFormat = Real;
  }
  return made;
}

const MESSAGES = {
  // Attar's way: the number written by the app (formatNumber), no '#'.
  plain: compileMessage('{count, plural, one {one bottle} other {{shown} bottles}}'),
  // Lingui's own: '#' is the number, formatted for the locale.
  pound: compileMessage('{count, plural, one {# bottle} other {# bottles}}'),
};

describe('the @lingui/core patch', () => {
  it('is what the build applies to the installed @lingui/core, whose code has the line once', () => {
    expect(LINGUI_CORE.test(DIST)).toBe(true);
    expect(code.split(EAGER_NUMBER)).toHaveLength(2);
    expect(patchLinguiCore(code)).not.toBe(code);
  });

  it('refuses a @lingui/core whose code has changed', () => {
    expect(() => patchLinguiCore(code.replace(EAGER_NUMBER, 'const valueStr = String(value);'))).toThrow(/@lingui\/core changed/);
    expect(() => patchLinguiCore(code.replace('const replaceOctothorpe = (value, message) => {', 'const replaceOctothorpe = (n, text) => {'))).toThrow(/@lingui\/core changed/);
  });

  it('formats a plural\'s number only where the message shows it, as Lingui would there', async () => {
    const patched = (await linguiCore(patchLinguiCore(code), 'patched')).setupI18n({ locale: 'en', locales: ['en-EG'], messages: { en: MESSAGES } });
    const upstream = (await linguiCore(code, 'upstream')).setupI18n({ locale: 'en', locales: ['en-EG'], messages: { en: MESSAGES } });
    // Upstream makes one for every plural; the patched code none where nothing shows it.
    expect(numberFormatsMade(() => expect(upstream._('plain', { count: 1200, shown: '1,200' })).toBe('1,200 bottles'))).toBe(1);
    expect(numberFormatsMade(() => expect(patched._('plain', { count: 1200, shown: '1,200' })).toBe('1,200 bottles'))).toBe(0);
    expect(numberFormatsMade(() => expect(patched._('pound', { count: 1200 })).toBe(upstream._('pound', { count: 1200 })))).toBe(1);
    expect(patched._('pound', { count: 1 })).toBe('1 bottle');
  });
});
