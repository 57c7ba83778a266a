import { i18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as ar } from '../../locales/ar/messages.po';
import type { Lang } from './storage';

// Both catalogs are a few KiB compiled: loading them up front keeps the
// language switch instant and offline.
i18n.load({ en, ar });

/** Numbers in messages follow Egypt's conventions: plain 'ar' would write Western digits (EGYPT.md). */
const NUMBER_LOCALES: Record<Lang, string> = { en: 'en-EG', ar: 'ar-EG' };

export function activateLanguage(lang: Lang) {
  if (i18n.locale !== lang) i18n.activate(lang, [NUMBER_LOCALES[lang]]);
}

export { i18n };
