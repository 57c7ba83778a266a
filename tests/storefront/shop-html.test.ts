// setShopHtml (src/lib/shop-html.ts) in a browser whose Element.setHTML is the Sanitizer API's
// earlier draft and throws on our options: DOMPurify must sanitize instead, and nothing break.
import { afterEach, describe, expect, it } from 'vitest';
import { setShopHtml } from '@/lib/shop-html';

type WithSetHTML = Element & { setHTML?: (html: string, options: unknown) => void };

afterEach(() => {
  delete (Element.prototype as WithSetHTML).setHTML;
});

describe('setShopHtml', () => {
  it('falls back to DOMPurify when the browser\'s setHTML throws, keeping only what the policy allows', async () => {
    const calls: string[] = [];
    (Element.prototype as WithSetHTML).setHTML = function (html: string) {
      calls.push(html);
      this.innerHTML = html; // a draft that wrote before failing: the fallback must not keep it
      throw new TypeError("Failed to execute 'setHTML' on 'Element': parameter 2 is not of type 'Sanitizer'.");
    };
    const target = document.createElement('div');
    const html = '<p aria-hidden="true" data-x="1">Oud <b>royal</b></p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a>';
    await expect(setShopHtml(target, html)).resolves.toBe(true);
    expect(calls).toEqual([html]);
    expect(target.innerHTML).toBe('<p>Oud <b>royal</b></p><a>x</a>');
  });

  it('uses the browser\'s setHTML where it works, without loading DOMPurify', async () => {
    (Element.prototype as WithSetHTML).setHTML = function (html: string) {
      this.textContent = `sanitized by the browser: ${html.length}`;
    };
    const target = document.createElement('div');
    await expect(setShopHtml(target, '<p>hi</p>')).resolves.toBe(true);
    expect(target.textContent).toBe('sanitized by the browser: 9');
  });
});
