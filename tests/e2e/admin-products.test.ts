// The owner's catalog in the back office (docs/rules.md, "The owner's catalog"), in English and
// Arabic, axe on every screen it adds, no console error: the owner adds a product with three smells
// in both languages, finds it in the list, changes its price and archives it; a shopper sees it in
// the shop, in both languages, before it is archived and not after.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OWNER_PASSWORD, seriousViolations, useShopAndBrowser, visit } from './harness.ts';
import { catalogGet, field, say, settled, signInWithForm, type Lang } from './journey-helpers.ts';

async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

interface Card { id: number; name: string; price: number; price_after_sale: number }

/** The shop's search for `words`, as a visitor asks it in `lang`: the products found. */
const shopSearch = async (shopUrl: string, words: string, lang: Lang) =>
  (await catalogGet<{ products: Card[] }>(shopUrl, `/products?q=${encodeURIComponent(words)}`, lang)).products;

describe.each(['en', 'ar'] as const)('the owner\'s catalog (%s)', (lang: Lang) => {
  const env = useShopAndBrowser();

  it('adds a product with three smells in both languages, finds it, changes its price and archives it; the shop follows', async () => {
    const { shop } = env;
    const name = { en: `Saffron Dusk ${lang}`, ar: `غسق الزعفران ${lang === 'en' ? 'أ' : 'ب'}` };
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await page.goto(`${shop.url}/sign-in`);
      await signInWithForm(page, lang, 'owner@attar.eg', OWNER_PASSWORD);
      await page.goto(`${shop.url}/admin`);
      const menu = page.getByRole('navigation', { name: say(lang, 'Back office', 'لوحة الإدارة') });
      await menu.getByRole('link', { name: say(lang, 'Products', 'المنتجات'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Products', 'المنتجات') }).waitFor();
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      await axeClean(page);

      // A new product.
      await page.getByRole('link', { name: say(lang, 'New product', 'منتج جديد'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'New product', 'منتج جديد') }).waitFor();
      await axeClean(page);
      await field(page, say(lang, 'Name in English', 'الاسم بالإنجليزية')).fill(name.en);
      await field(page, say(lang, 'Name in Arabic', 'الاسم بالعربية')).fill(name.ar);
      // Arabic digits in the price, as an owner's phone keyboard types them.
      await field(page, say(lang, 'Price (EGP)', 'السعر (جنيه)')).fill(lang === 'ar' ? '٣٢٠' : '320');
      await field(page, say(lang, 'Stock', 'المخزون')).fill('25');
      await field(page, say(lang, 'Product code', 'كود المنتج')).fill(`SAF-${lang.toUpperCase()}-1`);
      await page.getByRole('combobox', { name: say(lang, 'Category', 'القسم') }).click();
      await page.getByRole('listbox').getByRole('option').first().click();
      const smells = [['Saffron', 'زعفران'], ['Amber', 'عنبر'], ['Rose', 'ورد']];
      for (const [i, [en, ar]] of smells.entries()) {
        await page.getByRole('button', { name: say(lang, 'Add a smell', 'إضافة رائحة'), exact: true }).click();
        const n = lang === 'ar' ? '١٢٣'[i] : String(i + 1);
        await field(page, say(lang, `Smell ${n} in English`, `الرائحة ${n} بالإنجليزية`)).fill(en);
        await field(page, say(lang, `Smell ${n} in Arabic`, `الرائحة ${n} بالعربية`)).fill(ar);
      }
      expect(await field(page, say(lang, 'Name in Arabic', 'الاسم بالعربية')).getAttribute('dir')).toBe('rtl');
      expect(await field(page, say(lang, 'Name in English', 'الاسم بالإنجليزية')).getAttribute('dir')).toBe('ltr');
      await page.getByRole('button', { name: say(lang, 'Add the product', 'إضافة المنتج'), exact: true }).click();
      await page.getByText(say(lang, 'The product was added.', 'تمت إضافة المنتج.'), { exact: true }).waitFor();
      await page.waitForURL(/\/admin\/products\/\d+$/);
      const id = Number(/\/products\/(\d+)$/.exec(page.url())![1]);
      await axeClean(page);

      // The shop has it, named in both languages, with its smells.
      for (const shopLang of ['en', 'ar'] as const) {
        const found = await shopSearch(shop.url, name[shopLang], shopLang);
        expect(found.map((c) => [c.id, c.name])).toEqual([[id, name[shopLang]]]);
      }
      const shopper = await visit(env.browser, lang);
      try {
        await shopper.page.goto(`${shop.url}/products/product-details/${id}`);
        await shopper.page.getByRole('heading', { level: 1, name: name[lang] }).waitFor();
        expect(shopper.problems).toEqual([]);
      } finally {
        await shopper.context.close();
      }
      const details = await catalogGet<{ Product_details: { smells: string[] } }>(shop.url, `/products/details/${id}`, 'ar');
      expect(details.Product_details.smells).toEqual(['زعفران', 'عنبر', 'ورد']);

      // Found in the list, then its price changed.
      await page.getByRole('link', { name: say(lang, 'All products', 'كل المنتجات'), exact: true }).click();
      await page.getByRole('searchbox', { name: say(lang, 'Name or code', 'الاسم أو الكود') }).fill(name[lang]);
      await page.getByRole('button', { name: say(lang, 'Search', 'بحث'), exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === name[lang]);
      // The header and the one product found (the list before the search stays shown until the answer comes).
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
      const row = page.getByRole('table').getByRole('link', { name: new RegExp(name[lang]) });
      await axeClean(page);
      await row.click();
      const price = field(page, say(lang, 'Price (EGP)', 'السعر (جنيه)'));
      await expect.poll(() => price.inputValue()).toBe('320');
      await price.fill('295.5');
      await page.getByRole('button', { name: say(lang, 'Save', 'حفظ'), exact: true }).click();
      await page.getByText(say(lang, 'The product was saved.', 'تم حفظ المنتج.'), { exact: true }).waitFor();
      await expect.poll(async () => (await shopSearch(shop.url, name.en, 'en'))[0]?.price).toBe(295.5);

      // Archived, after a confirmation: gone from the shop in both languages.
      await page.getByRole('button', { name: say(lang, 'Archive', 'أرشفة'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: say(lang, 'Archive this product?', 'أرشفة هذا المنتج؟') });
      await dialog.waitFor();
      await axeClean(page);
      await dialog.getByRole('button', { name: say(lang, 'Archive', 'أرشفة'), exact: true }).click();
      await page.getByText(say(lang, 'The product was archived: the shop no longer shows it.', 'تمت أرشفة المنتج: لم يعد يظهر في المتجر.'), { exact: true }).waitFor();
      await page.getByRole('button', { name: say(lang, 'Put back on sale', 'إعادة للعرض'), exact: true }).waitFor();
      for (const shopLang of ['en', 'ar'] as const) expect(await shopSearch(shop.url, name[shopLang], shopLang)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
