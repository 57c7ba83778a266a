import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { LANGS } from '@contract/lang';
import { useLanguage } from '@/lib/language';
import { matchRoute, normalPath } from '../route-manifest';

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
 * (the catalog's and contact), not the server's page it marked `noindex` (a
 * product that does not exist); the others lose them.
 */
export function usePageAddresses() {
  const { pathname, search } = useLocation();
  const { lang } = useLanguage();
  /**
   * From the page the server sent: the shop's address as it wrote it in the canonical link
   * (PUBLIC_URL: the server never takes it from the request), else the page's own origin (the
   * cart, the account, the service worker's copy of the shell); and that page's path, whose
   * `noindex` (a product that does not exist) stands.
   */
  const first = useRef<{ origin: string; page: string } | null>(null);
  useEffect(() => {
    if (!first.current) {
      const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      first.current = { origin: canonical ? new URL(canonical.href).origin : location.origin, page: pathname + search };
    }
    const { origin: shopOrigin, page: serverPage } = first.current;
    // The server's preview tags and structured data were its page's: past it, they would describe
    // another page (the app writes none of its own; crawlers read each address afresh).
    if (pathname + search !== serverPage) {
      for (const stale of document.head.querySelectorAll('script[type="application/ld+json"], meta[property^="og:"], meta[name^="twitter:"]')) stale.remove();
    }
    const path = normalPath(pathname);
    const route = matchRoute(path);
    const noindex = document.head.querySelector('meta[name="robots"]');
    const stands = noindex !== null && pathname + search === serverPage;
    const indexed = !stands && route !== undefined && (route.serverRendered === true || route.screen === 'contact');
    // Past the server's page, its `noindex` was that page's alone.
    if (indexed) noindex?.remove();
    const page = Number(new URLSearchParams(search).get('page'));
    const own = PAGED.test(path) && Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
    const address = (language: string | null) => (indexed ? `${shopOrigin}${own}${language ? `${own.includes('?') ? '&' : '?'}lang=${language}` : ''}` : null);
    // Each address its own canonical page, as the server has it: `?lang=` its language's, the bare path itself (x-default).
    const addressed = new URLSearchParams(search).get('lang') === lang ? lang : null;
    setLink('canonical', null, address(addressed));
    for (const language of LANGS) setLink('alternate', language, address(language));
    setLink('alternate', 'x-default', address(null));
  }, [pathname, search, lang]);
}
