import { i18n, type Messages } from '@lingui/core';
import type { Lang } from './storage';

// One catalog per language, each its own file: a page needs only the
// shopper's (6 KiB gzip each). The boot script (src/boot.ts) preloads it next
// to the entry, so it costs no extra round trip; the precache keeps both, so
// the language switch works offline.
const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
};
const loading = new Map<Lang, Promise<void>>();
const loaded = new Set<Lang>();

export const isCatalogLoaded = (lang: Lang) => loaded.has(lang);

/** Fetches `lang`'s catalog once; later calls share the same promise. A failed load may be asked again. */
export function loadCatalog(lang: Lang): Promise<void> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = catalogs[lang]().then(({ messages }) => {
      i18n.load(lang, messages);
      loaded.add(lang);
    });
    promise.catch(() => loading.delete(lang));
    loading.set(lang, promise);
  }
  return promise;
}

/** Numbers in messages follow Egypt's conventions: plain 'ar' would write Western digits, not Eastern Arabic ones. */
const NUMBER_LOCALES: Record<Lang, string> = { en: 'en-EG', ar: 'ar-EG' };

/** Switches the messages to `lang`, whose catalog must be loaded (loadCatalog). */
export function activateLanguage(lang: Lang) {
  if (i18n.locale !== lang) i18n.activate(lang, [NUMBER_LOCALES[lang]]);
}

/**
 * The language the messages are in now: for messages built outside React (in callbacks). Never for
 * a request's language, which is the query's or the change's own (api-client.ts, RequestOptions.lang).
 */
export const activeLang = (): Lang => (i18n.locale === 'ar' ? 'ar' : 'en');

export { i18n };
