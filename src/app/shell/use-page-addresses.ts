import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LANGS } from '@contract/lang';
import { useLanguage } from '@/lib/language';
import { matchRoute, normalPath } from '../route-manifest';

/**
 * The shop's address as the server wrote it in the first page's canonical
 * link (PUBLIC_URL: the server never takes it from the request), kept for the
 * pages after it; the page's own origin where the first page had none (the
 * cart, the account, the service worker's copy of the shell).
 */
let shopOrigin: string | undefined;

/** A list whose `?page=` is a page of its own (server/plugins/external/page-head.ts, pagedPath). */
const PAGED = /^\/(products|offers|bestSeller|products\/category\/\d+)$/;

function setLink(rel: string, hreflang: string | null, href: string | null) {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`;
  let link = document.head.querySelector<HTMLLinkElement>(selector);
  if (href === null) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    if (hreflang) link.hreflang = hreflang;
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * The page's canonical address and its other language's, as the shopper
 * navigates: what the server writes in each page's head (docs/seo.md), kept
 * right after the app has taken over. Only the pages the server gives them
 * (the catalog's and contact); the others lose them.
 */
export function usePageAddresses() {
  const { pathname, search } = useLocation();
  const { lang } = useLanguage();
  useEffect(() => {
    if (shopOrigin === undefined) {
      const first = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      shopOrigin = first ? new URL(first.href).origin : location.origin;
    }
    const path = normalPath(pathname);
    const route = matchRoute(path);
    const indexed = route !== undefined && (route.serverRendered === true || route.screen === 'contact');
    const page = Number(new URLSearchParams(search).get('page'));
    const own = PAGED.test(path) && Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
    const address = (language: string | null) => (indexed ? `${shopOrigin}${own}${language ? `${own.includes('?') ? '&' : '?'}lang=${language}` : ''}` : null);
    setLink('canonical', null, address(lang));
    for (const language of LANGS) setLink('alternate', language, address(language));
    setLink('alternate', 'x-default', address(null));
  }, [pathname, search, lang]);
}
