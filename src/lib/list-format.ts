import type { Lang } from './storage';

const lists: Partial<Record<Lang, Intl.ListFormat>> = {};

/** "Rose, Oud and Amber", in the language's own list style. */
export function listOf(values: string[], lang: Lang): string {
  lists[lang] ??= new Intl.ListFormat(lang === 'ar' ? 'ar-EG' : 'en-EG', { style: 'long', type: 'conjunction' });
  return lists[lang].format(values);
}
