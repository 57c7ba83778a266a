import type { Lang } from './storage';

const formats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-EG', { style: 'currency', currency: 'EGP' }),
  ar: new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' }),
};

/** EGP as the shopper reads it: `EGP 1,234.50`, or Eastern Arabic digits in Arabic. */
export function formatMoney(egp: number, lang: Lang): string {
  return formats[lang].format(egp);
}

const counts: Record<Lang, Intl.NumberFormat> = { en: new Intl.NumberFormat('en-EG'), ar: new Intl.NumberFormat('ar-EG') };

export function formatNumber(n: number, lang: Lang): string {
  return counts[lang].format(n);
}
