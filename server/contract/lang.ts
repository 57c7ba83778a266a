// The shop's two languages: one type for the storefront and the server.

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

/** A `lang` header (or stored choice) read as one of the shop's languages: English unless it says Arabic. */
export function parseLang(value: unknown): Lang {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export type Direction = 'ltr' | 'rtl';

/** The text's direction in a language. */
export const dirOf = (lang: Lang): Direction => (lang === 'ar' ? 'rtl' : 'ltr');

/**
 * A row's text in a language, from its pair of columns:
 * `localized(product, 'name', lang)` reads `name_ar` or `name_en`.
 */
export function localized<K extends string, R extends Record<`${K}_${Lang}`, unknown>>(
  row: R, key: K, lang: Lang,
): R[`${K}_en`] | R[`${K}_ar`] {
  return lang === 'ar' ? row[`${key}_ar`] : row[`${key}_en`];
}

/**
 * The `lang` cookie that keeps the shopper's language for the server's first
 * page (server/plugins/external/storefront-render.ts, cookieLang): set by the
 * storefront next to localStorage's copy (src/lib/storage.ts), and by the
 * server when a link names the language (`?lang=ar`; docs/seo.md). A year, the
 * whole shop, and sent on a link followed from another site (lax).
 */
export const langCookie = (lang: Lang) => `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
