// The shop's HTML (a product's overview, description and how-to-use, the footer's text, the about
// page): what of it may reach the page. One policy for both sanitizers that apply it: DOMPurify in
// the server's render (src/lib/shop-html-purify.ts) and in browsers without the HTML Sanitizer API,
// and the browser's own Element.setHTML where it has one, which costs the first page no code
// (DOMPurify was 9 KiB gzip of a product page's first load; docs/decisions.md, "The browser's
// Sanitizer API, with DOMPurify as the fallback").

/**
 * Text markup only: no pictures, forms, frames, styles, classes or ids, and
 * no attribute beyond a link's address and title and a passage's language
 * and direction. An element outside it goes with its content, in both
 * sanitizers (DOMPurify's KEEP_CONTENT off), so the server's page and the
 * browser's agree. Scripts, handlers and javascript: links never pass either.
 */
export const SHOP_HTML = {
  elements: [
    'p', 'br', 'hr', 'div', 'span', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'a', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  attributes: ['href', 'title', 'dir', 'lang'],
} as const;

/** Where a link in the shop's HTML may lead: the web, mail and the phone, and the shop's own pages. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * Whether an href may stay, read as the browser reads it (a relative one is
 * the shop's own). Both sanitizers drop javascript: themselves; this drops
 * data:, blob: and every other scheme too, the same way in both.
 */
export function isSafeHref(href: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(href, 'https://attar.invalid/').protocol);
  } catch {
    return false;
  }
}

/** Takes away each href under `root` that isSafeHref refuses; the link's text stays. */
export function dropUnsafeLinks(root: ParentNode) {
  for (const element of root.querySelectorAll('[href]')) {
    if (!isSafeHref(element.getAttribute('href') ?? '')) element.removeAttribute('href');
  }
}

/** A short fingerprint of the HTML: the server marks its sanitized markup with it, so the browser keeps it as it is. */
export function htmlKey(html: string): string {
  // FNV-1a, 32 bits, and the length.
  let hash = 0x811c9dc5;
  for (let i = 0; i < html.length; i += 1) {
    hash ^= html.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${html.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}

let serverSanitizer: ((html: string) => string) | null = null;

/** The server's render hands its sanitizer here (src/entry-server.tsx) before it renders. */
export function sanitizeOnServerWith(sanitize: (html: string) => string) {
  serverSanitizer = sanitize;
}

/** Where there is no browser: the HTML sanitized, or nothing at all while no sanitizer is set. */
export const sanitizeOnServer = (html: string): string => serverSanitizer?.(html) ?? '';

interface SanitizerElement {
  setHTML(html: string, options: { sanitizer: { elements: readonly string[]; attributes: readonly string[] } }): void;
}

const hasSetHTML = (element: Element): element is Element & SanitizerElement =>
  typeof (element as Partial<SanitizerElement>).setHTML === 'function';

/**
 * Puts `html` into `element`, sanitized under SHOP_HTML: at once by the
 * browser's Element.setHTML, else once DOMPurify has loaded, if `wanted()`
 * still says so by then. Resolves to whether it was put there; rejects when
 * DOMPurify cannot load (the element stays empty).
 */
export function setShopHtml(element: Element, html: string, wanted: () => boolean = () => true): Promise<boolean> {
  if (hasSetHTML(element)) {
    try {
      element.setHTML(html, { sanitizer: SHOP_HTML });
      dropUnsafeLinks(element);
      return Promise.resolve(true);
    } catch {
      // An earlier draft of the Sanitizer API (Chromium 105–) wanted a Sanitizer object and
      // throws on this one: DOMPurify then does it, as where there is no setHTML at all.
      element.replaceChildren();
    }
  }
  return import('./shop-html-purify').then(({ purify }) => {
    if (!wanted()) return false;
    element.innerHTML = purify(html);
    return true;
  });
}
