// The owner's product photos, in English and Arabic, axe on the photos screen: the owner uploads
// two photos from files (made here by sharp), both sent one after the other, makes the second one
// the main photo, and a shopper's product page then shows it as WebP in the width it needs, with
// its width and height (no layout shift); no console error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OWNER_PASSWORD, useShopAndBrowser, visit } from './harness.ts';
import { axeClean, catalogGet, gradientPhoto, say, signInForSetUp, type Lang } from './journey-helpers.ts';
import type { ProductCard } from '../../src/lib/contract.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-e2e-photos-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Two photos as a phone's gallery holds them: a landscape JPEG and a portrait PNG, told apart by their colours. */
async function photos(lang: Lang): Promise<[string, string]> {
  const hue = lang === 'en' ? 0 : 90;
  const first = path.join(folder, `bottle-${lang}.jpg`);
  const second = path.join(folder, `label-${lang}.png`);
  await gradientPhoto(first, 1600, 1200, hue);
  await gradientPhoto(second, 900, 1200, hue);
  return [first, second];
}

const photosList = (page: Page, lang: Lang) => page.getByRole('list', { name: say(lang, 'Photos', 'الصور'), exact: true });

describe.each(['en', 'ar'] as const)('the owner\'s product photos (%s)', (lang: Lang) => {
  const env = useShopAndBrowser();

  it('the owner uploads two photos, makes the second the main one, and the shop shows it as WebP with its size', async () => {
    const { shop } = env;
    const products = (await catalogGet<{ products: ProductCard[] }>(shop.url, '/products?per_page=12', lang)).products;
    const product = products[lang === 'en' ? 4 : 5];
    const files = await photos(lang);

    const owner = await visit(env.browser, lang);
    try {
      const { page } = owner;
      await signInForSetUp(page, shop.url, 'owner@attar.eg', OWNER_PASSWORD);
      await page.goto(`${shop.url}/admin/products/${product.id}/photos`);
      await page.getByRole('heading', { level: 1, name: say(lang, `Photos of ${product.name}`, `صور ${product.name}`) }).waitFor();
      const cards = photosList(page, lang).getByRole('listitem');
      await cards.first().waitFor();
      const before = await cards.count();
      await axeClean(page);

      // Both files chosen at once; they go one after the other, each saying when it is added.
      await page.locator('#photo-files').setInputFiles(files);
      const uploads = page.getByRole('list', { name: say(lang, 'Uploads', 'الملفات المرفوعة') });
      await expect.poll(() => uploads.getByText(say(lang, 'Added', 'تمت الإضافة'), { exact: true }).count()).toBe(2);
      await expect.poll(() => cards.count()).toBe(before + 2);
      // The last card is the second photo (900 × 1200), with its size in the page's digits.
      const last = cards.nth(before + 1);
      const number = before + 2;
      const shown = lang === 'en' ? String(number) : String(number).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
      await last.getByText(lang === 'en' ? '900 × 1,200' : '٩٠٠ × ١٬٢٠٠').waitFor();
      await axeClean(page);

      await last.getByRole('button', { name: say(lang, `Make main: photo ${shown}`, `اجعلها الرئيسية: الصورة ${shown}`) }).click();
      await last.getByText(say(lang, 'Main photo', 'الصورة الرئيسية'), { exact: true }).waitFor();
      await page.getByRole('status').getByText(say(lang, 'This is now the main photo.', 'أصبحت هذه هي الصورة الرئيسية.')).waitFor();
      // The focus stays on the photo that was changed.
      await expect.poll(() => last.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await axeClean(page);
      expect(owner.problems).toEqual([]);
    } finally {
      await owner.context.close();
    }

    // A shopper, on a phone: the product page's first picture is the new main photo, as WebP.
    const shopper = await visit(env.browser, lang);
    try {
      const { page } = shopper;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${shop.url}/products/product-details/${product.id}`);
      const picture = page.getByRole('img', { name: product.name, exact: true }).first();
      await picture.waitFor();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const seen = await picture.evaluate((img: HTMLImageElement) => ({
        currentSrc: img.currentSrc, naturalWidth: img.naturalWidth, width: img.getAttribute('width'), height: img.getAttribute('height'),
        srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes'),
      }));
      expect(seen.currentSrc).toMatch(/\/media\/products\/[0-9a-f]{16}-\d+\.webp$/);
      expect(seen.naturalWidth).toBeGreaterThan(0);
      expect([seen.width, seen.height]).toEqual(['900', '1200']);
      expect(seen.srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-900\.webp 900w$/);
      expect(seen.sizes).toBe('(min-width: 900px) 540px, 100vw');
      expect(shopper.problems).toEqual([]);
    } finally {
      await shopper.context.close();
    }
  });
});
