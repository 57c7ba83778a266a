// Journeys: browse home → category → product → review summary; search and
// sort on /products; switch language on a product page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { plain, seriousViolations, useShopAndBrowser, visit } from './harness.ts';
import { catalogGet, firstNumber, money, say, settled, takenOver, type Lang } from './journey-helpers.ts';

const env = useShopAndBrowser();

const productGrid = (page: Page) => page.locator('section[aria-labelledby="product-grid-count"]');

/** The product grid of a list screen, once its cards have arrived. */
async function loadedGrid(page: Page) {
  const grid = productGrid(page);
  await grid.getByRole('heading', { level: 3 }).first().waitFor();
  return grid;
}

/**
 * Waits until /products shows the whole page of cards the API answers for its URL (the screen's
 * query has the API's names), with `ready` true of their prices. The grid draws its first row in
 * one commit and the rest in a second (product-grid.tsx), so the cards read before then are four.
 */
async function wholePage(page: Page, lang: Lang, shopUrl: string, ready: (prices: number[]) => boolean = () => true) {
  const { products } = await catalogGet<{ products: unknown[] }>(shopUrl, `/products${new URL(page.url()).search}`, lang);
  const prices = async () => (await productGrid(page).getByTestId('price').allTextContents()).map(money);
  await expect.poll(async () => {
    const shown = await prices();
    return shown.length === products.length && ready(shown);
  }).toBe(true);
  return prices();
}

describe.each(['en', 'ar'] as const)('browsing, in %s', (lang) => {
  it('goes home → a category → one of its products → the review summary and delivery time', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/');
      const categories = page.getByRole('region', { name: say(lang, 'Categories', 'الأقسام'), exact: true });
      const categoryLink = categories.getByRole('link').first();
      await categoryLink.waitFor();
      const categoryName = plain(await categoryLink.textContent()).trim();
      expect(categoryName).not.toBe('');
      if (lang === 'ar') expect(categoryName).toMatch(/[\u0600-\u06ff]/);
      await categoryLink.click();

      await page.waitForURL(/\/products\/category\/\d+$/);
      await page.getByRole('heading', { level: 1, name: categoryName, exact: true }).waitFor();
      const grid = await loadedGrid(page);
      const productHeading = grid.getByRole('heading', { level: 3 }).first();
      const productName = plain(await productHeading.textContent()).trim();
      await productHeading.click();

      await page.waitForURL(/\/products\/product-details\/\d+$/);
      await page.getByRole('heading', { level: 1, name: productName, exact: true }).waitFor();
      // It is one of the category's products.
      const categoryRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: say(lang, 'Category', 'القسم'), exact: true }) });
      await expect.poll(async () => plain(await categoryRow.getByRole('cell').textContent()).trim()).toBe(categoryName);
      await page.getByText(say(lang, 'Delivery: Within 7 Days', 'التوصيل: خلال ٧ أيام'), { exact: true }).waitFor();
      // The product page's stylesheet leaves the main bar whole: its review bars once shared the
      // bar's class name and squeezed it to 10 px, hiding the menu, cart and account.
      const main = page.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية'), exact: true });
      expect((await main.boundingBox())!.height).toBeGreaterThanOrEqual(56);
      expect(await main.getByRole('link', { name: say(lang, 'Cart', 'السلة'), exact: true }).isVisible()).toBe(true);
      expect(await main.getByRole('button', { name: say(lang, 'Account', 'الحساب'), exact: true }).isVisible()).toBe(true);

      // Review summary: five bars, 5 stars down to 1, each with its percentage in the language's digits.
      await page.getByRole('heading', { level: 2, name: say(lang, 'Customer reviews', 'آراء العملاء') }).waitFor();
      const bars = page.getByTestId('review-summary').getByRole('progressbar');
      expect(await bars.count()).toBe(5);
      const rows = await page.getByTestId('review-summary').getByRole('listitem').evaluateAll((items) =>
        items.map((li) => {
          const bar = li.querySelector('[role="progressbar"]')!;
          return {
            label: bar.getAttribute('aria-label'),
            now: Number(bar.getAttribute('aria-valuenow')),
            valuetext: bar.getAttribute('aria-valuetext'),
            shown: li.lastElementChild!.textContent,
          };
        }));
      expect(rows.map((r) => r.label)).toEqual(
        lang === 'ar'
          ? ['٥ نجوم', '٤ نجوم', '٣ نجوم', 'نجمتان', 'نجمة واحدة']
          : ['5 stars', '4 stars', '3 stars', '2 stars', '1 star'],
      );
      for (const row of rows) {
        const shown = plain(row.shown);
        expect(shown).toMatch(lang === 'ar' ? /^[٠-٩]+٪$/ : /^\d+%$/);
        expect(plain(row.valuetext)).toBe(shown);
        expect(firstNumber(shown)).toBe(row.now);
        expect(row.now).toBeGreaterThanOrEqual(0);
        expect(row.now).toBeLessThanOrEqual(100);
      }
      // The seeded products have reviews: the shares add up to about 100 %.
      const total = rows.reduce((sum, r) => sum + r.now, 0);
      expect(total).toBeGreaterThanOrEqual(97);
      expect(total).toBeLessThanOrEqual(103);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('searches and sorts /products by price, and the URL keeps both after a reload', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/products');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Products', 'المنتجات'), exact: true }).waitFor();
      const grid = await loadedGrid(page);
      const count = () => grid.locator('#product-grid-count');
      const allCount = firstNumber(await count().textContent());

      // A word of a product name shown in the grid, in the shopper's language.
      const term = say(lang, 'Oud', 'عود');
      const search = page.getByRole('searchbox', { name: say(lang, 'Search products', 'ابحث في المنتجات'), exact: true });
      await search.fill(term);
      await page.waitForURL((url) => url.searchParams.get('q') === term);
      await expect.poll(async () => firstNumber(await count().textContent())).toBeLessThan(allCount);
      const found = firstNumber(await count().textContent());
      expect(found).toBeGreaterThan(1);
      await wholePage(page, lang, env.shop.url);
      const names = await grid.getByRole('heading', { level: 3 }).allTextContents();
      expect(names.some((n) => n.includes(term))).toBe(true);

      // Price: low to high.
      await page.getByLabel(say(lang, 'Sort by', 'ترتيب حسب'), { exact: true })
        .selectOption({ label: say(lang, 'Price: low to high', 'السعر: من الأقل إلى الأعلى') });
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc' && url.searchParams.get('q') === term);
      const ascending = (list: number[]) => list.length > 1 && list.every((p, i) => i === 0 || list[i - 1] <= p);
      const sorted = await wholePage(page, lang, env.shop.url, ascending);
      expect(plain((await grid.getByTestId('price').first().textContent()))).toMatch(lang === 'ar' ? /^[٠-٩٬٫]+ ج\.م\.$/ : /^EGP [\d,]+\.\d{2}$/);
      const sortedNames = await grid.getByRole('heading', { level: 3 }).allTextContents();

      // A reload keeps the search and the order.
      const before = page.url();
      await page.reload();
      expect(page.url()).toBe(before);
      const reloaded = await loadedGrid(page);
      await expect.poll(() => search.inputValue()).toBe(term);
      expect(await page.getByLabel(say(lang, 'Sort by', 'ترتيب حسب'), { exact: true }).inputValue()).toBe('price_asc');
      expect(firstNumber(await count().textContent())).toBe(found);
      expect(await wholePage(page, lang, env.shop.url)).toEqual(sorted);
      expect(await reloaded.getByRole('heading', { level: 3 }).allTextContents()).toEqual(sortedNames);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('suggests as the shopper types in the search box: the arrows and Enter open a product typed without its hamza, Enter alone the results', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/');
      const openSearch = page.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية'), exact: true })
        .getByRole('button', { name: say(lang, 'Search', 'بحث'), exact: true });
      await openSearch.click();
      const box = page.getByRole('combobox', { name: say(lang, 'Search products', 'ابحث في المنتجات'), exact: true });
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      // As a phone keyboard gives it: أكوا typed without its hamza.
      await box.pressSequentially(say(lang, 'aqua sp', 'اكوا سب'));
      const name = say(lang, 'Aqua Sport', 'أكوا سبورت');
      const first = page.getByRole('listbox').getByRole('option').first();
      await expect.poll(async () => plain(await first.textContent())).toContain(name);
      // The typed words are marked in the name.
      expect(await first.locator('mark').count()).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      await box.press('Enter');
      await page.waitForURL(/\/products\/product-details\/\d+$/);
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

      // Enter with no suggestion chosen: the full results, ه typed for ة.
      await openSearch.click();
      const typed = say(lang, 'musk tahara', 'مسك الطهاره');
      await box.fill(typed);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('q') === typed);
      const grid = await loadedGrid(page);
      expect(plain(await grid.getByRole('heading', { level: 3 }).first().textContent())).toBe(say(lang, 'White Musk Tahara', 'مسك الطهارة الأبيض'));
      // Opened again: both searches are kept on this device, the latest first.
      await openSearch.click();
      const recent = page.getByRole('group', { name: say(lang, 'Recent searches', 'عمليات البحث الأخيرة'), exact: true });
      expect(await recent.getByRole('option').allTextContents()).toEqual([typed, say(lang, 'aqua sp', 'اكوا سب')]);
      await box.press('Escape');
      await expect.poll(() => openSearch.evaluate((el) => el === document.activeElement)).toBe(true);

      // A search nothing matches is not a dead end: the closest category and the best sellers.
      const nothing = say(lang, 'bakhoor zzzz', 'بخور زززز');
      await page.goto(`${env.shop.url}/products?q=${encodeURIComponent(nothing)}`);
      await page.getByText(say(lang, `Nothing matches “${nothing}”. Check the spelling, or try fewer words.`, `لا يوجد ما يطابق «${nothing}». راجع الكتابة أو جرّب كلمات أقل.`)).waitFor();
      const browseCategory = page.getByRole('link', { name: say(lang, 'Browse Incense & Bakhoor', 'تصفّح البخور والمباخر'), exact: true });
      await browseCategory.waitFor();
      const best = page.getByRole('region', { name: say(lang, 'Best sellers', 'الأكثر مبيعاً'), exact: true });
      await best.getByRole('heading', { level: 3 }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await browseCategory.click();
      await page.waitForURL(/\/products\/category\/\d+$/);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('walks the product gallery by keyboard: the focus stays on Next as Swiper takes over, and the keys move it', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/products/product-details/1');
      const gallery = page.getByRole('region', { name: say(lang, 'Product images', 'صور المنتج'), exact: true });
      const next = gallery.getByRole('button', { name: say(lang, 'Next slide', 'الشريحة التالية'), exact: true });
      await next.waitFor();
      // Swiper comes when the shopper reaches for the gallery; until then its own first slides show.
      expect(await gallery.locator('.swiper').count()).toBe(0);
      // Tab from the top of the page to the gallery's first stop (Previous is disabled on the first slide).
      const galleryName = say(lang, 'Product images', 'صور المنتج');
      const focusInGallery = () => page.evaluate((name) => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') === name, galleryName);
      for (let stops = 0; !(await focusInGallery()); stops++) {
        expect(stops, 'tab stops before the gallery').toBeLessThan(40);
        await page.keyboard.press('Tab');
      }
      await gallery.locator('.swiper').waitFor();
      // Swiper's own Next holds the focus: the swap did not drop it to the page.
      await expect.poll(() => next.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const position = gallery.locator('.attar-carousel__position');
      await expect.poll(async () => plain(await position.textContent())).toBe(say(lang, '2 of 4', '٢ من ٤'));
      // The arrow towards the line's end moves on: right in English, left in Arabic.
      await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect.poll(async () => plain(await position.textContent())).toBe(say(lang, '3 of 4', '٣ من ٤'));
      await page.keyboard.press('Home');
      await expect.poll(async () => plain(await position.textContent())).toBe(say(lang, '1 of 4', '١ من ٤'));

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers "Skip to content" as the first tab stop: it shows when focused and takes the focus past the bar into the screen', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/products/product-details/1');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await takenOver(page);
      const skip = page.getByRole('link', { name: say(lang, 'Skip to content', 'انتقل إلى المحتوى'), exact: true });
      // Out of sight until it has the focus.
      const hidden = (await skip.boundingBox())!;
      expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);
      await page.keyboard.press('Tab');
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      await expect.poll(async () => (await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      // Its side follows the language: the line's start.
      const box = (await skip.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(lang === 'ar' ? box.x + box.width > width / 2 : box.x < width / 2).toBe(true);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);

      const url = page.url();
      const entries = await page.evaluate(() => history.length);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      // A jump within the page: no new URL, no history entry.
      expect(page.url()).toBe(url);
      expect(await page.evaluate(() => history.length)).toBe(entries);
      // The next stop is the screen's own, not the bar's.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('after a navigation the focus is on the new screen\'s heading; not on the first page, nor when only the list\'s query changes', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    /** The focused element: its tag, text and tabindex. */
    const focused = () => page.evaluate(() => {
      const el = document.activeElement;
      return el ? { tag: el.tagName, text: el.textContent?.trim() ?? '', tabindex: el.getAttribute('tabindex') } : null;
    });
    const headingFocused = (text: string) => expect.poll(focused).toEqual({ tag: 'H1', text, tabindex: '-1' });
    try {
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await takenOver(page);
      expect((await focused())?.tag).toBe('BODY');

      // A link of the bar, which stays on the page: the focus leaves it for the list's heading.
      const bar = page.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية') });
      await bar.getByRole('link', { name: say(lang, 'Products', 'المنتجات'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/products');
      const listTitle = say(lang, 'Products', 'المنتجات');
      await headingFocused(listTitle);
      // The next Tab is the screen's own: its search field, not the bar's links again.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')) && document.activeElement?.tagName === 'INPUT')).toBe(true);

      // Sorting changes only the query string: the focus stays on the select.
      await loadedGrid(page);
      const sort = page.getByLabel(say(lang, 'Sort by', 'ترتيب حسب'), { exact: true });
      await sort.focus();
      await sort.selectOption('price_asc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
      await loadedGrid(page);
      expect(await sort.evaluate((el) => el === document.activeElement)).toBe(true);

      // A product's card, inside the list (gone with it): the product's name takes the focus.
      const card = (await loadedGrid(page)).getByRole('link').first();
      const name = plain(await card.getByRole('heading', { level: 3 }).textContent()).trim();
      await card.click();
      await page.waitForURL((url) => url.pathname.startsWith('/products/product-details/'));
      await headingFocused(name);
      // The page is at its top, the heading in view.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      // Back: the list's heading again.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/products');
      await headingFocused(listTitle);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches language on a product page: same URL, direction flips, the name follows, no reload', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      const other = lang === 'ar' ? 'en' : 'ar';
      // Royal Oud Intense, seeded in both languages.
      const names = { en: 'Royal Oud Intense', ar: 'عود ملكي إنتنس' };
      await page.goto(env.shop.url + '/products/product-details/1');
      await page.getByRole('heading', { level: 1, name: names[lang], exact: true }).waitFor();
      await page.getByText(say(lang, 'Delivery: Within 7 Days', 'التوصيل: خلال ٧ أيام'), { exact: true }).waitFor();
      const url = page.url();
      await page.evaluate(() => { (window as unknown as { marker: string }).marker = 'still here'; });

      await page.getByTestId('language-toggle').click();
      await page.waitForFunction((dir) => document.documentElement.dir === dir, other === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('heading', { level: 1, name: names[other], exact: true }).waitFor();
      await page.getByText(say(other, 'Delivery: Within 7 Days', 'التوصيل: خلال ٧ أيام'), { exact: true }).waitFor();

      expect(page.url()).toBe(url);
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
      expect(await page.getByTestId('language-toggle').textContent()).toBe(other === 'ar' ? 'English' : 'العربية');
      // The review summary follows too (Arabic counts in Eastern Arabic digits).
      await expect.poll(() => page.getByTestId('review-summary').getByRole('progressbar').first().getAttribute('aria-label'))
        .toBe(other === 'ar' ? '٥ نجوم' : '5 stars');

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
