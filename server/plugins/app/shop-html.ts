// The shop's HTML (the footer's text, the about page; a product's texts once the back office edits
// them) sanitized when it is saved, under the same policy the storefront renders it with
// (src/lib/shop-html.ts › SHOP_HTML, applied by src/lib/shop-html-purify.ts): what is stored is
// what a shopper's page would keep, so the back office shows the owner exactly that.
import { JSDOM } from 'jsdom';
import { purify, purifyIn } from '../../../src/lib/shop-html-purify.ts';

let ready = false;

/** `html` with only the elements, attributes and links the storefront lets through. */
export function sanitizeShopHtml(html: string): string {
  if (!ready) {
    purifyIn(new JSDOM('').window as unknown as Parameters<typeof purifyIn>[0]);
    ready = true;
  }
  return purify(html);
}
