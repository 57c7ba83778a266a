// The demo shop (docs/rules.md, "The demo shop"), seeded on first start only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { DEMO_OWNER, DEMO_USER, seedIfEmpty } from '../../server/db/seed/seed.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';

let opened: OpenedDatabase;
let media: string;
const printed: string[] = [];

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-seed-media-'));
  opened = openDatabase(':memory:');
  await migrateToLatest(opened.db);
  expect(await seedIfEmpty(opened.db, { mediaDir: media, print: (line) => printed.push(line) })).toBe(true);
});
afterAll(async () => {
  await opened.close();
  fs.rmSync(media, { recursive: true, force: true });
});

const count = async (table: 'products' | 'categories' | 'coupons' | 'users' | 'reviews' | 'gifts') =>
  Number((await opened.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the demo shop', () => {
  it('has enough products, categories, gifts, reviews and coupons, every text in both languages', async () => {
    expect(await count('products')).toBeGreaterThanOrEqual(40);
    expect(await count('categories')).toBeGreaterThanOrEqual(5);
    expect(await count('gifts')).toBeGreaterThan(0);
    expect(await count('reviews')).toBeGreaterThan(40);
    const codes = (await opened.db.selectFrom('coupons').select('code').execute()).map((c) => c.code).sort();
    expect(codes).toEqual(['EID100', 'SUMMER24', 'WELCOME10']);
    const products = await opened.db.selectFrom('products').selectAll().execute();
    expect(products.some((p) => p.sale_price !== null)).toBe(true);
    expect(products.some((p) => p.sale_type === 'buy 2 get 1')).toBe(true);
    for (const p of products) {
      for (const field of ['name', 'overview', 'description', 'how_to_use'] as const) {
        expect(p[`${field}_en`].trim(), `${p.slug} ${field}_en`).not.toBe('');
        expect(p[`${field}_ar`], `${p.slug} ${field}_ar`).toMatch(/[\u0600-\u06FF]/);
      }
      if (p.sale_price !== null) expect(p.sale_price).toBeLessThan(p.price);
    }
    const smells = await opened.db.selectFrom('product_smells').select(['product_id', 'name_ar']).execute();
    const withSmells = new Set(smells.map((s) => s.product_id));
    expect(withSmells.size).toBeGreaterThan(products.length / 2);
    expect(withSmells.size).toBeLessThan(products.length);
  });

  it('has the demo shopper with 1200 points, a ledger that agrees, and a saved address', async () => {
    const demo = await opened.db.selectFrom('users').selectAll().where('email', '=', DEMO_USER.email).executeTakeFirstOrThrow();
    expect(demo.points).toBe(1200);
    expect(demo.password_hash).toMatch(/^scrypt\$/);
    const ledger = await opened.db.selectFrom('points_ledger').select('delta').where('user_id', '=', demo.id).execute();
    expect(ledger.reduce((n, r) => n + r.delta, 0)).toBe(1200);
    expect(await opened.db.selectFrom('addresses').select('id').where('user_id', '=', demo.id).execute()).toHaveLength(1);
  });

  it('writes every image it refers to under the media folder, as SVG', async () => {
    const products = await opened.db.selectFrom('products').select('main_image').execute();
    const images = await opened.db.selectFrom('product_images').select('image').execute();
    const categories = await opened.db.selectFrom('categories').select('image').execute();
    const gifts = await opened.db.selectFrom('gifts').select('image').execute();
    const all = [...products.map((r) => r.main_image), ...images.map((r) => r.image), ...categories.map((r) => r.image), ...gifts.map((r) => r.image), '/media/hero.svg', '/media/about.svg'];
    for (const url of all) {
      expect(url.startsWith('/media/')).toBe(true);
      const file = path.join(media, url.slice('/media/'.length));
      expect(fs.existsSync(file), url).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('has an owner whose password nobody could know: a one-time password, printed once, to be changed at the first sign-in', async () => {
    const owner = await opened.db.selectFrom('users').selectAll().where('email', '=', DEMO_OWNER.email).executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ role: 'owner', must_change_password: 1 });
    expect(printed).toHaveLength(1);
    const password = /one-time password (\S+) /.exec(printed[0])![1];
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await verifyPassword(password, owner.password_hash)).toBe(true);
    // every other account is a shopper
    const roles = await opened.db.selectFrom('users').select('role').where('email', '!=', DEMO_OWNER.email).execute();
    expect(new Set(roles.map((r) => r.role))).toEqual(new Set(['shopper']));
  });

  it('seeds once: a second start changes nothing', async () => {
    const before = await Promise.all((['products', 'categories', 'coupons', 'users', 'reviews', 'gifts'] as const).map(count));
    expect(await seedIfEmpty(opened.db, { mediaDir: media, print: (line) => printed.push(line) })).toBe(false);
    expect(printed).toHaveLength(1);
    expect(await Promise.all((['products', 'categories', 'coupons', 'users', 'reviews', 'gifts'] as const).map(count))).toEqual(before);
  });
});
