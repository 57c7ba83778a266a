import type { Lang } from './storage';

/*
 * Numbers as the shopper reads them, written out here rather than by
 * Intl.NumberFormat: the first NumberFormat a page makes costs it 15–20 ms
 * of ICU start-up (70 ms on a slow phone), and every page shows a
 * price or a count. The output is Intl's for en-EG and ar-EG, character for
 * character (tests/storefront/money.test.ts holds them side by side):
 * `EGP 1,234.50` and `‏١٬٢٣٤٫٥٠ ج.م.‏`, `1,234` and `١٬٢٣٤`, `50%` and `٥٠٪؜`.
 */

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const RLM = '\u200f';
const ALM = '\u061c';

/**
 * |n| with `digits` decimals, rounded half away from zero on its shortest
 * decimal form (as ICU does: 1.005 → 1.01, where toFixed gives 1.00).
 */
function decimal(abs: number, digits: number): { int: string; frac: string } {
  const text = String(abs);
  if (text.includes('e')) {
    // Beyond 1e21 or below 1e-6: no price or count of this shop; toFixed's rounding is close enough.
    const [int, frac = ''] = abs.toFixed(Math.min(digits, 100)).split('.');
    return { int, frac };
  }
  const [int, frac = ''] = text.split('.');
  if (frac.length <= digits) return { int, frac: frac.padEnd(digits, '0') };
  let kept = BigInt(int + frac.slice(0, digits));
  if (frac[digits] >= '5') kept += 1n;
  const all = kept.toString().padStart(digits + 1, '0');
  return { int: all.slice(0, all.length - digits), frac: all.slice(all.length - digits) };
}

/** Groups of three, the language's separators and digits. */
function write(int: string, frac: string, lang: Lang): string {
  const groups: string[] = [];
  for (let end = int.length; end > 0; end -= 3) groups.unshift(int.slice(Math.max(0, end - 3), end));
  const latin = groups.join(lang === 'ar' ? '٬' : ',') + (frac ? (lang === 'ar' ? '٫' : '.') + frac : '');
  return lang === 'ar' ? latin.replace(/[0-9]/g, (d) => ARABIC_DIGITS[Number(d)]) : latin;
}

const negative = (n: number) => n < 0 || Object.is(n, -0);

/** EGP as the shopper reads it: `EGP 1,234.50`, or Eastern Arabic digits in Arabic. */
export function formatMoney(egp: number, lang: Lang): string {
  if (!Number.isFinite(egp)) return String(egp);
  const { int, frac } = decimal(Math.abs(egp), 2);
  const amount = write(int, frac, lang);
  if (lang === 'ar') return `${negative(egp) ? `${ALM}-` : ''}${RLM}${amount}\u00a0ج.م.${RLM}`;
  return `${negative(egp) ? '-' : ''}EGP\u00a0${amount}`;
}

/**
 * A discount, taken off a price: the amount after one true minus sign (U+2212,
 * "−EGP 60.00", "؜−‏٦٠٫٠٠ ج.م.‏"), the same on every screen that shows one. In
 * Arabic the letter mark keeps the sign at the start of the line's reading.
 */
export function formatDiscount(egp: number, lang: Lang): string {
  const amount = formatMoney(Math.abs(egp), lang);
  return lang === 'ar' ? `${ALM}\u2212${amount}` : `\u2212${amount}`;
}

/** A count or quantity: up to three decimals, none when whole (`1,234`, `١٬٢٣٤`). */
export function formatNumber(n: number, lang: Lang): string {
  if (!Number.isFinite(n)) return String(n);
  const { int, frac } = decimal(Math.abs(n), 3);
  const amount = write(int, frac.replace(/0+$/, ''), lang);
  return negative(n) ? `${lang === 'ar' ? ALM : ''}-${amount}` : amount;
}

/** A percentage, whole: 50 → `50%`, `٥٠٪؜`. */
export function formatPercent(percent: number, lang: Lang): string {
  if (!Number.isFinite(percent)) return String(percent);
  const { int } = decimal(Math.abs(percent), 0);
  const amount = write(int, '', lang);
  const sign = negative(percent) ? `${lang === 'ar' ? ALM : ''}-` : '';
  return lang === 'ar' ? `${sign}${amount}٪${ALM}` : `${sign}${amount}%`;
}
