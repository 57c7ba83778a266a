// The back office's texts: its own catalog (locales/<lang>/admin.po), so the shop's catalog, which
// every shopper loads, carries none of them; plus the shop's, for the shared parts (src/lib, src/components).
import { i18n, type Messages } from '@lingui/core';
import { loadCatalog } from '@/lib/i18n';
import type { Lang } from '@/lib/storage';

const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/admin.po'),
  ar: () => import('../../locales/ar/admin.po'),
};
const loaded = new Set<Lang>();

/** Loads both catalogs of `lang` (Lingui's load adds to what a language already has). */
export async function loadAdminCatalogs(lang: Lang): Promise<void> {
  await loadCatalog(lang);
  if (loaded.has(lang)) return;
  const { messages } = await catalogs[lang]();
  i18n.load(lang, messages);
  loaded.add(lang);
}
