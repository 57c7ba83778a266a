import { useEffect } from 'react';
import { t } from '@lingui/core/macro';
import { htmlToText, shortText } from '@contract/html-text';

// The page's head as the shopper navigates: the tab's title and the
// description, in the active language. The server sends each page's first
// head itself (server/plugins/external/page-head.ts, with the same texts:
// tests/server/page-head.test.ts compares them); these keep it right after
// the app takes over. docs/seo.md.

/**
 * The shop's own HTML (a product's overview) as the plain text a description is, cut at a word:
 * the server's own reading (server/contract/html-text.ts), so the app writes what the server wrote.
 * Text work only, no DOM: it also runs in the server's render.
 */
export const plainDescription = (html: string | undefined) => (html ? shortText(htmlToText(html)) : '');

/** The tab's title for a screen, in the active language: "Offers | Attar"; and its description, when it has one. */
export function usePageTitle(title: string | undefined, description?: string) {
  useEffect(() => {
    const shop = t`Attar`;
    document.title = title ? `${title} | ${shop}` : shop;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);
}
