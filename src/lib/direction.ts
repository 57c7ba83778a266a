import type { Lang } from './storage';

export type Direction = 'ltr' | 'rtl';

export const directionOf = (lang: Lang): Direction => (lang === 'ar' ? 'rtl' : 'ltr');

/** Sets `<html lang dir>` to match the language. */
export function applyDocumentLanguage(lang: Lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}
