// The shop's two languages: one type for the storefront and the server.

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

/** A `lang` header (or stored choice) read as one of the shop's languages: English unless it says Arabic. */
export function parseLang(value: unknown): Lang {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** The text's direction in a language. */
export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');
