import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { exclusively, type Db } from '../database.ts';
import { hashPassword, oneTimePassword } from '../../auth/passwords.ts';
import { SEED_CATEGORIES, SEED_CONTENT, SEED_GIFTS, SEED_PRODUCTS, SEED_REVIEWERS } from './catalog-data.ts';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../contract/admin-products.ts';
import { indexProducts } from '../search-index.ts';
import { refreshRatings } from '../product-ratings.ts';
import { aboutSvg, categorySvg, giftSvg, heroSvg, placeholderSvg, productSvg } from './images.ts';

export const DEMO_USER = {
  email: 'demo@attar.eg',
  password: 'attar123',
  first_name: 'Demo',
  last_name: 'Shopper',
  phone: '01011112222',
  birth_date: '1995-05-15',
  points: 1200,
} as const;

/** The demo shop's owner: its password is never one anyone could know (see seedIfEmpty). */
export const DEMO_OWNER = {
  email: 'owner@attar.eg',
  first_name: 'Nour',
  last_name: 'Attar',
  phone: '01099990000',
  birth_date: '1988-03-21',
} as const;

export const SEED_COUPONS = [
  { code: 'WELCOME10', kind: 'percent', value: 10, min_subtotal: 30000, expires_on: null, max_uses: null, per_user_limit: 1 },
  { code: 'EID100', kind: 'fixed', value: 10000, min_subtotal: 100000, expires_on: null, max_uses: null, per_user_limit: null },
  { code: 'SUMMER24', kind: 'percent', value: 20, min_subtotal: 0, expires_on: '2024-09-30', max_uses: null, per_user_limit: null },
] as const;

/** Every image the seed refers to, as `[path under /media, svg]`, made on demand. */
function* mediaFiles(): Generator<[string, () => string]> {
  yield ['hero.svg', heroSvg];
  yield ['about.svg', aboutSvg];
  // What a product added without a photo shows (PRODUCT_PLACEHOLDER_IMAGE in server/contract/admin-products.ts).
  yield [PRODUCT_PLACEHOLDER_IMAGE.replace('/media/', ''), placeholderSvg];
  for (const [i, c] of SEED_CATEGORIES.entries()) yield [`categories/${c.key}.svg`, () => categorySvg({ hue: c.hue, variant: i })];
  for (const [i, g] of SEED_GIFTS.entries()) yield [`gifts/${g.key}.svg`, () => giftSvg({ hue: g.hue, variant: i })];
  for (const p of SEED_PRODUCTS) {
    yield [`products/${p.key}.svg`, () => productSvg({ title: p.name.en, hue: p.hue, variant: 0 })];
    for (let n = 1; n <= p.galleryImages; n++) {
      yield [`products/${p.key}-g${n}.svg`, () => productSvg({ title: p.name.en, hue: p.hue, variant: n })];
    }
    for (let n = 1; n <= p.howToUseImages; n++) {
      yield [`products/${p.key}-h${n}.svg`, () => productSvg({ title: p.name.en, hue: p.hue, variant: 2 + n })];
    }
  }
}

/** Writes the seed's images that are missing; an image a shop owner replaced stays. */
export function ensureMedia(mediaDir: string) {
  for (const [rel, render] of mediaFiles()) {
    const file = path.join(mediaDir, rel);
    if (fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, render());
    fs.renameSync(tmp, file);
  }
}

const daysAgo = (now: number, days: number) => new Date(now - days * 86_400_000).toISOString();

/** The demo shop (docs/rules.md, "The demo shop"), on first start only: a shop with categories is left alone. */
export async function seedIfEmpty(db: Db, options: { mediaDir: string; log?: FastifyBaseLogger; ownerPassword?: string | null; print?: (line: string) => void }) {
  ensureMedia(options.mediaDir);
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const demoHash = await hashPassword(DEMO_USER.password);
  // The owner's password: the one chosen for tests and demos, or a random one-time password.
  const ownerPassword = options.ownerPassword ?? oneTimePassword();
  const ownerHash = await hashPassword(ownerPassword);
  let seeded = false;
  const now = Date.now();
  const at = new Date(now).toISOString();

  await db.transaction().execute(async (trx) => {
    // Another process may have seeded while we hashed: one seeds at a time, and the others find it done.
    await exclusively(trx, 'attar:seed');
    if (await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst()) return;
    seeded = true;

    const categoryIds = new Map<string, number>();
    for (const [i, c] of SEED_CATEGORIES.entries()) {
      const row = await trx.insertInto('categories').values({
        slug: c.key, name_en: c.name.en, name_ar: c.name.ar, image: `/media/categories/${c.key}.svg`, sort: i,
      }).returning('id').executeTakeFirstOrThrow();
      categoryIds.set(c.key, row.id);
    }
    const giftIds = new Map<string, number>();
    for (const g of SEED_GIFTS) {
      const row = await trx.insertInto('gifts').values({
        slug: g.key, name_en: g.name.en, name_ar: g.name.ar, image: `/media/gifts/${g.key}.svg`,
      }).returning('id').executeTakeFirstOrThrow();
      giftIds.set(g.key, row.id);
    }
    const reviewerIds: number[] = [];
    for (const r of SEED_REVIEWERS) {
      const row = await trx.insertInto('users').values({
        ...r, password_hash: '!seed-reviewer', birth_date: '1990-01-01', points: 0, created_at: at,
      }).returning('id').executeTakeFirstOrThrow();
      reviewerIds.push(row.id);
    }
    const productIds: number[] = [];
    for (const p of SEED_PRODUCTS) {
      const { id } = await trx.insertInto('products').values({
        slug: p.key,
        category_id: categoryIds.get(p.category)!,
        name_en: p.name.en, name_ar: p.name.ar,
        overview_en: p.overview.en, overview_ar: p.overview.ar,
        description_en: p.description.en, description_ar: p.description.ar,
        how_to_use_en: p.howToUse.en, how_to_use_ar: p.howToUse.ar,
        price: p.price * 100,
        sale_price: p.salePrice === undefined ? null : p.salePrice * 100,
        sale_type: p.saleType,
        stock: p.stock,
        product_code: p.productCode,
        model_number: p.modelNumber,
        main_image: `/media/products/${p.key}.svg`,
        units_sold: p.unitsSold,
        created_at: daysAgo(now, p.addedDaysAgo),
      }).returning('id').executeTakeFirstOrThrow();
      productIds.push(id);
      // The main image is the first of the product's pictures (migration 007).
      const main = await trx.insertInto('product_images').values({ product_id: id, image: `/media/products/${p.key}.svg`, kind: 'gallery', sort: 0 })
        .returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('products').set({ main_image_id: main.id }).where('id', '=', id).execute();
      for (let n = 1; n <= p.galleryImages; n++) {
        await trx.insertInto('product_images').values({ product_id: id, image: `/media/products/${p.key}-g${n}.svg`, kind: 'gallery', sort: n }).execute();
      }
      for (let n = 1; n <= p.howToUseImages; n++) {
        await trx.insertInto('product_images').values({ product_id: id, image: `/media/products/${p.key}-h${n}.svg`, kind: 'how_to_use', sort: n }).execute();
      }
      for (const [i, s] of p.smells.entries()) {
        await trx.insertInto('product_smells').values({ product_id: id, name_en: s.en, name_ar: s.ar, sort: i }).execute();
      }
      for (const g of p.gifts ?? []) {
        await trx.insertInto('product_gifts').values({ product_id: id, gift_id: giftIds.get(g)! }).execute();
      }
      for (const r of p.reviews) {
        await trx.insertInto('reviews').values({
          product_id: id, user_id: reviewerIds[r.reviewer], rate_halves: Math.round(r.rate * 2), comment: r.comment,
          created_at: daysAgo(now, r.daysAgo),
        }).execute();
      }
    }
    await indexProducts(trx, productIds);
    await refreshRatings(trx, productIds);
    for (const c of SEED_COUPONS) await trx.insertInto('coupons').values({ ...c, used_count: 0 }).execute();

    const content: Record<string, { en: string; ar: string }> = {
      message_nav: SEED_CONTENT.message_nav,
      hero_title: SEED_CONTENT.hero_title,
      hero_subtitle: SEED_CONTENT.hero_subtitle,
      footer_description: SEED_CONTENT.footer_description,
      about_title: SEED_CONTENT.about_title,
      about_content: SEED_CONTENT.about_content,
    };
    for (const [key, value] of Object.entries(SEED_CONTENT.links)) content[key] = { en: value, ar: value };
    for (const [key, v] of Object.entries(content)) {
      await trx.insertInto('content').values({ key, value_en: v.en, value_ar: v.ar }).execute();
    }

    const demo = await trx.insertInto('users').values({
      email: DEMO_USER.email, first_name: DEMO_USER.first_name, last_name: DEMO_USER.last_name, phone: DEMO_USER.phone,
      birth_date: DEMO_USER.birth_date, password_hash: demoHash, points: DEMO_USER.points, created_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('points_ledger').values({ user_id: demo.id, delta: DEMO_USER.points, reason: 'welcome', order_id: null, created_at: at }).execute();
    await trx.insertInto('addresses').values({
      user_id: demo.id, title: 'Home', address: '12 Mossadak St, Dokki', phone: DEMO_USER.phone, city: 'Dokki', government: 'giza', created_at: at,
    }).execute();
    await trx.insertInto('users').values({
      ...DEMO_OWNER, password_hash: ownerHash, points: 0, created_at: at, role: 'owner',
      must_change_password: options.ownerPassword ? 0 : 1,
    }).execute();
  });
  if (!seeded) return false;
  options.log?.info({ products: SEED_PRODUCTS.length }, 'seeded the demo shop');
  if (!options.ownerPassword) {
    // Once, on the console (never in a JSON log line, whose "password" keys are redacted): the only place it is shown.
    (options.print ?? ((line) => process.stdout.write(`${line}\n`)))(
      `The demo shop's owner: sign in at /sign-in as ${DEMO_OWNER.email} with the one-time password ${ownerPassword} ` +
      '(shown only now; you will choose your own at the first sign-in; `npm run shop -- staff:reset owner@attar.eg` makes a new one).',
    );
  }
  return true;
}
