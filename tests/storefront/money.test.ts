import { describe, expect, it } from 'vitest';
import { formatDiscount, formatMoney, formatNumber, formatPercent } from '@/lib/money';

// src/lib/money.ts writes numbers out itself (ICU's start-up cost every page
// 70 ms on a slow phone); what it writes must be Intl's, character for character.
const LOCALE = { en: 'en-EG', ar: 'ar-EG' } as const;
const LANGS = ['en', 'ar'] as const;

/** Values a shop shows, and the edges of rounding and grouping. */
function values(): number[] {
  const fixed = [0, -0, 1, 7, 9.99, 10, 99.995, 100, 999, 1000, 1234.5, 1_234_567.891, 12_345_678, 0.005, 0.015, 1.005, 2.675,
    1.0005, 0.1 + 0.2, 250.5, 1500, -20, -0.001, -1234.5678, 33.3, 66.6667, 14.5, 0.5, 99.5, 1e9 + 0.25];
  // A fixed walk through prices with cents and three-decimal counts, the same every run.
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const walked = Array.from({ length: 400 }, (_, i) => {
    const scale = 10 ** (i % 7);
    return Math.round(next() * scale * 1000) / (i % 2 ? 100 : 1000);
  });
  return [...fixed, ...walked];
}

describe('money and numbers, written as Intl writes them for en-EG and ar-EG', () => {
  it.each(LANGS)('prices in EGP (%s)', (lang) => {
    const intl = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'EGP' });
    for (const v of values()) expect([v, formatMoney(v, lang)]).toEqual([v, intl.format(v)]);
  });

  it.each(LANGS)('counts and quantities (%s)', (lang) => {
    const intl = new Intl.NumberFormat(LOCALE[lang]);
    for (const v of values()) expect([v, formatNumber(v, lang)]).toEqual([v, intl.format(v)]);
  });

  it.each(LANGS)('whole percentages (%s)', (lang) => {
    const intl = new Intl.NumberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 0 });
    for (const v of [0, 1, 12.5, 14.5, 33.3, 50, 66.7, 99.5, 100, 250]) expect([v, formatPercent(v, lang)]).toEqual([v, intl.format(v / 100)]);
  });

  it('reads as the shopper expects', () => {
    expect(formatMoney(1234.5, 'en')).toBe('EGP\u00a01,234.50');
    expect(formatMoney(1234.5, 'ar')).toBe('\u200f١٬٢٣٤٫٥٠\u00a0ج.م.\u200f');
    expect(formatNumber(44, 'ar')).toBe('٤٤');
    expect(formatPercent(50, 'ar')).toBe('٥٠٪\u061c');
  });
});

describe('discounts', () => {
  it('are written after one true minus sign (U+2212), never a hyphen, whatever sign they are given', () => {
    expect(formatDiscount(60, 'en')).toBe('\u2212EGP\u00a060.00');
    expect(formatDiscount(-60, 'en')).toBe('\u2212EGP\u00a060.00');
    expect(formatDiscount(1234.5, 'ar')).toBe('\u061c\u2212\u200f١٬٢٣٤٫٥٠\u00a0ج.م.\u200f');
    for (const lang of ['en', 'ar'] as const) expect(formatDiscount(60, lang)).not.toMatch(/-/);
  });
});
