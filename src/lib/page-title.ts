import { useEffect } from 'react';
import { t } from '@lingui/core/macro';

// The page's head as the shopper navigates: the tab's title and the
// description, in the active language. The server sends each page's first
// head itself (server/plugins/external/page-head.ts, with the same texts:
// tests/server/page-head.test.ts compares them); these keep it right after
// the app takes over. docs/seo.md.

/** The description search results and link previews show, cut as the server cuts it. */
const DESCRIPTION_MAX = 160;

/** The list pages' descriptions, the server's words (server/i18n/page-heads.ts). */
export const pageDescriptions = {
  home: () => t`Attar: perfumes, oud, bakhoor and gifts delivered anywhere in Egypt.`,
  products: () => t`Every perfume, oud, bakhoor and gift at Attar, with prices in Egyptian pounds and delivery anywhere in Egypt.`,
  offers: () => t`Perfumes, oud and bakhoor on sale at Attar, and buy 2 get 1 offers, delivered anywhere in Egypt.`,
  bestSeller: () => t`The perfumes, oud and bakhoor Attar's shoppers buy most, delivered anywhere in Egypt.`,
  about: () => t`Who we are at Attar: perfumes, oud and bakhoor chosen with care and delivered anywhere in Egypt.`,
  contact: () => t`Write to Attar about an order, a product or a gift: we answer by phone or mail.`,
  category: (name: string) => t`${name} at Attar, with prices in Egyptian pounds and delivery anywhere in Egypt.`,
  product: (name: string) => t`${name} at Attar, delivered anywhere in Egypt.`,
};

/** The shop's own HTML (a product's overview) as the plain text a description is, cut at a word. */
export function plainDescription(html: string | undefined): string {
  if (!html) return '';
  // Each tag a space, as the server reads it (server/domain/html-text.ts); parsed for its entities,
  // never put in the page: nothing in it runs or loads.
  const text = (new DOMParser().parseFromString(html.replace(/<[^>]*>/g, ' '), 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,،.;:]+$/, '')}…`;
}

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
