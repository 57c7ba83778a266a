// Makes Lingui's plurals format their number only where the message shows it ('#'): each formatting cost the page ICU's start-up.
import type { Plugin } from 'vite';

/**
 * @lingui/core 5 writes a plural's number with Intl.NumberFormat before it
 * looks for '#' in the chosen message, so every plural message (the cart's
 * count, the bar's cart label, a list's count) made a NumberFormat, and the
 * first one a page makes costs it ICU's start-up: 12-20 ms, 50-70 ms on a
 * slow phone. Attar's plurals carry their number written by formatNumber and
 * never '#' (tests/storefront/catalogs.test.ts), so the number is formatted
 * only where '#' is. Lingui has no setting for it, no 5.x release changes it
 * (5.9.5 is the last), and 6.x needs Node 22. The build fails if @lingui/core
 * changes under it, and so does tests/storefront/lingui-patch.test.ts;
 * tests/e2e/pwa.test.ts counts NumberFormats on load.
 */
export const LINGUI_CORE = /[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;

/** The line in @lingui/core's replaceOctothorpe(value, message) that formats the number first. */
export const EAGER_NUMBER = 'const valueStr = number(locales, value, numberFormat);';

/** @lingui/core's dist code with its plurals' number formatted on demand; throws where the code is not as expected. */
export function patchLinguiCore(code: string): string {
  if (code.split(EAGER_NUMBER).length !== 2 || !code.includes('const replaceOctothorpe = (value, message) => {') || !code.includes('const OCTOTHORPE_PH =')) {
    throw new Error('@lingui/core changed: its plurals\' number formatting is no longer where scripts/vite/lingui-plural-number-on-demand.ts expects it');
  }
  return code.replace(EAGER_NUMBER, `if (!message.includes(OCTOTHORPE_PH)) return message;\n    ${EAGER_NUMBER}`);
}

export function linguiPluralNumberOnDemand(): Plugin {
  return {
    name: 'attar:lingui-plural-number-on-demand',
    apply: 'build',
    transform(code, id) {
      if (!LINGUI_CORE.test(id)) return null;
      try {
        return { code: patchLinguiCore(code), map: null };
      } catch (error) {
        return this.error((error as Error).message);
      }
    },
  };
}
