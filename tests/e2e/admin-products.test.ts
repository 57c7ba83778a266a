// The owner's catalog in the back office (docs/rules.md, "The owner's catalog"), in English and
// Arabic, axe on every screen it adds, no console error: the owner adds a product with three smells
// in both languages, finds it in the list, changes its price and archives it; a shopper sees it in
// the shop, in both languages, before it is archived and not after.
import { describe, expect, it } from 'vitest';
import { useShopAndBrowser, visit } from './harness.ts';
import { addProduct, axeClean, catalogGet, changePrice, field, openOwnerScreen, PRODUCTS, say, type Lang } from './journey-helpers.ts';

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
      await openOwnerScreen(page, shop.url, lang, PRODUCTS);
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      await axeClean(page);

      // A new product, its names' fields each in its own direction.
      const id = await addProduct(page, lang, {
        name, price: 320, stock: 25, code: `SAF-${lang.toUpperCase()}-1`, smells: [['Saffron', 'زعفران'], ['Amber', 'عنبر'], ['Rose', 'ورد']],
      }, async () => {
        expect(await field(page, say(lang, 'Name in Arabic', 'الاسم بالعربية')).getAttribute('dir')).toBe('rtl');
        expect(await field(page, say(lang, 'Name in English', 'الاسم بالإنجليزية')).getAttribute('dir')).toBe('ltr');
      });

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
      await changePrice(page, lang, 320, 295.5);
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
