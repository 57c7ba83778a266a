// The shop's HTML as the owner saves it (a product's overview, description and how to use; the
// footer's text, the about page): sanitized by the same policy and the same DOMPurify setup the
// storefront renders with (src/lib/shop-html.ts, src/lib/shop-html-purify.ts), so what is stored is
// what every shopper's page will show, and no script, handler, style or javascript: link is ever kept.
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { purify, purifyIn } from '../../../src/lib/shop-html-purify.ts';

let ready = false;

/** `html` with only what the storefront's policy allows; '' for text with no markup left. */
export function sanitizeShopHtml(html: string): string {
  if (!ready) {
    purifyIn(new JSDOM('').window as unknown as WindowLike);
    ready = true;
  }
  if (html.trim() === '') return '';
  // Text with no markup and nothing to escape comes out as it went in (and DOMPurify under jsdom costs about a millisecond).
  if (!/[<>&\u00a0]/.test(html)) return html.trim();
  return purify(html).trim();
}
