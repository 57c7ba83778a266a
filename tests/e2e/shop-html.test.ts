// The shop's HTML is sanitized by two hands under one policy (src/lib/shop-html.ts): DOMPurify in
// the server's render, and Chromium's own Element.setHTML in the browser, which keeps the server's
// markup only while the HTML is unchanged and otherwise writes its own. Both must give the page the
// same markup, and neither may let anything active through.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { build, type Rollup } from 'vite';
import type { Browser } from 'playwright-core';
import { purify, purifyIn } from '../../src/lib/shop-html-purify.ts';
import { launchBrowser } from './harness.ts';
import type * as ShopHtml from '../../src/lib/shop-html.ts';

/** src/lib/shop-html.ts as one script for the page, its exports on window.shopHtml: the browser's own path, as the app runs it. */
async function shopHtmlScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: path.resolve(import.meta.dirname, '../../src/lib/shop-html.ts'), formats: ['iife'], name: 'shopHtml' },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return chunks.flatMap((o) => o.output).find((c): c is Rollup.OutputChunk => c.type === 'chunk')!.code;
}

const SAMPLES = [
  // The seeded shop's kinds of text.
  '<p>A deep, smoky <strong>Eau de Parfum</strong> built around aged agarwood.</p>',
  '<h2>Our story</h2><p>Since 1950, in <em>Khan el-Khalili</em>.</p><ul><li>Oud</li><li>Musk</li></ul><ol><li>Spray</li><li>Wait</li></ol>',
  '<p dir="rtl" lang="ar">عطر <b>شرقي</b> فاخر</p><blockquote>quote</blockquote><hr><p>a<br>b</p>',
  '<table><caption>Sizes</caption><thead><tr><th>ml</th></tr></thead><tbody><tr><td>50</td></tr></tbody></table>',
  '<p>See <a href="https://attar.example/about" title="About">about us</a> and <a href="/products">all products</a>.</p>',
  // Hostile and outside the policy: scripts, handlers, javascript: links, frames, forms, styles, pictures.
  '<p onclick="steal()">Oud <b>royal</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>',
  '<iframe src="https://evil.example"></iframe><form action="/x"><input name="card"><button>Pay</button></form><style>body{display:none}</style>',
  '<p class="x" id="y" style="color:red">styled</p><section><p>inside a section</p></section><svg><script>alert(4)</script></svg>',
  '<a href="JaVaScRiPt:alert(5)">x</a><a href="data:text/html,<script>alert(6)</script>">y</a><math><mi>z</mi></math>',
  '<div><span title="t">kept</span><object data="x.swf"></object><embed src="x"><template><p>t</p></template></div>',
  // Attributes that would hide or rename the text for screen readers, or carry data for scripts.
  '<p aria-hidden="true">hidden</p><span aria-label="Free shipping" role="button" data-id="7" data-action="buy">label</span>',
];

describe('the shop\'s HTML, sanitized by the server and by the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    purifyIn(new JSDOM('').window as unknown as Parameters<typeof purifyIn>[0]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gives the same markup from DOMPurify and from Chromium\'s Element.setHTML, with nothing active left', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent('<div id="target"></div>');
      await page.addScriptTag({ content: await shopHtmlScript() });
      const byBrowser = await page.evaluate(async (samples) => {
        const { setShopHtml } = (window as unknown as { shopHtml: typeof ShopHtml }).shopHtml;
        const target = document.getElementById('target')!;
        // Chromium has the Sanitizer API: setShopHtml sanitizes there and then, without DOMPurify.
        if (!('setHTML' in target)) throw new Error('no Element.setHTML in this Chromium');
        const out: string[] = [];
        for (const html of samples) {
          await setShopHtml(target, html);
          out.push(target.innerHTML);
        }
        return out;
      }, SAMPLES);
      const byServer = SAMPLES.map((html) => purify(html));
      for (const [i, html] of SAMPLES.entries()) {
        expect(byBrowser[i], html).toBe(byServer[i]);
        expect(byServer[i], html).not.toMatch(/<script|<iframe|<form|<input|<img|<style|<object|<embed|<svg|<math|\son\w+=|javascript:|data:|class=|style=|id=|aria-|role=|data-/i);
      }
      // What the policy keeps does reach the page.
      expect(byServer[0]).toBe('<p>A deep, smoky <strong>Eau de Parfum</strong> built around aged agarwood.</p>');
      expect(byServer[4]).toContain('<a href="https://attar.example/about" title="About">about us</a>');
      expect(byServer[2]).toContain('<p dir="rtl" lang="ar">');
    } finally {
      await page.close();
    }
  });
});
