import DOMPurify, { type WindowLike } from 'dompurify';
import { isSafeHref, SHOP_HTML } from './shop-html';

// '#text': with its own list of tags, DOMPurify keeps text only where the list names it.
// DOMPurify keeps every data-* and aria-* attribute whatever ALLOWED_ATTR says, unless told
// not to: aria-hidden or aria-label in shop text would hide or rename it for screen readers.
const CONFIG = {
  ALLOWED_TAGS: ['#text', ...SHOP_HTML.elements], ALLOWED_ATTR: [...SHOP_HTML.attributes], KEEP_CONTENT: false,
  ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false,
};

/** DOMPurify under SHOP_HTML's links too: an href isSafeHref refuses goes, as in the browser's sanitizer. */
function withLinkRule(purifier: typeof DOMPurify): typeof DOMPurify {
  // Without a window DOMPurify is a stub that sanitizes nothing (purify then returns nothing).
  if (!purifier.isSupported) return purifier;
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.hasAttribute?.('href') && !isSafeHref(node.getAttribute('href') ?? '')) node.removeAttribute('href');
  });
  return purifier;
}

let purifier = withLinkRule(DOMPurify);

/**
 * Where there is no browser (the server's render), DOMPurify needs a window to
 * parse in; without one it hands the HTML back unsanitized, so until it has
 * one purify returns nothing.
 */
export function purifyIn(window: WindowLike) {
  purifier = withLinkRule(DOMPurify(window));
}

/** `html` with only what SHOP_HTML allows; nothing when DOMPurify cannot sanitize here. */
export const purify = (html: string): string => (purifier.isSupported ? purifier.sanitize(html, CONFIG) : '');
