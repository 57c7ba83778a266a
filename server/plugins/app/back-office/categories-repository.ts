import fs from 'node:fs';
import path from 'node:path';
import type { Db, Q } from '../../../db/database.ts';
import { categorySvg } from '../../../db/seed/images.ts';
import { FieldErrors, notFound } from '../../../errors.ts';
import { indexCategory } from '../../../db/search-index.ts';
import type { AuditRepository } from './audit-repository.ts';

/** The tile a category shows until the owner chooses one of the shop's images. */
export const CATEGORY_PLACEHOLDER = '/media/categories/placeholder.svg';

export interface CategoryInput {
  name_en: string;
  name_ar: string;
  image?: string;
  position?: number;
}

type Row = { id: number; slug: string; name_en: string; name_ar: string; image: string; sort: number };

/** A slug made from the English name: lower-case Latin letters and digits joined by dashes. */
export function slugOf(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 50).replace(/-+$/, '');
  return slug || 'category';
}

/**
 * The owner's categories: made, renamed, given an image, moved on the home page. Their order is
 * `sort`, kept 1…n by every write here; each write is audited in its own transaction. The shop's
 * lists read the table directly (catalog-repository.ts), so a change shows on the next request;
 * the route forgets the cached product pages, which carry their category's name.
 */
export class CategoriesRepository {
  constructor(private readonly db: Db, private readonly audit: AuditRepository, private readonly mediaDir: string) {}

  async list() {
    const rows = await this.db.selectFrom('categories as c')
      .select(['c.id', 'c.slug', 'c.name_en', 'c.name_ar', 'c.image'])
      .select((eb) => eb.selectFrom('products as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.category_id', '=', 'c.id').as('products_count'))
      .orderBy('c.sort').orderBy('c.id')
      .execute();
    return rows.map((r, i) => ({ ...r, position: i + 1, products_count: Number(r.products_count ?? 0) }));
  }

  /** The shop's images a category may show: the categories' own and the products' main images, without repeats. */
  async images(): Promise<string[]> {
    const rows = await this.db.selectFrom('categories').select('image as url')
      .union(this.db.selectFrom('products').select('main_image as url'))
      .execute();
    return [...new Set(rows.map((r) => r.url))].filter((url) => url.startsWith('/media/')).sort();
  }

  async one(id: number) {
    const found = (await this.list()).find((c) => c.id === id);
    if (!found) throw notFound('category_not_found');
    return found;
  }

  async create(input: CategoryInput, by: number) {
    const image = input.image ?? this.#placeholder();
    const id = await this.db.transaction().execute(async (trx) => {
      const rows = await this.#lockedRows(trx);
      this.#check(rows, input, null);
      const taken = new Set(rows.map((r) => r.slug));
      const base = slugOf(input.name_en);
      let slug = base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
      const { id: made } = await trx.insertInto('categories')
        .values({ slug, name_en: input.name_en, name_ar: input.name_ar, image, sort: rows.length + 1 })
        .returning('id').executeTakeFirstOrThrow();
      const position = await this.#place(trx, [...rows, { id: made, sort: rows.length + 1 }], made, input.position ?? rows.length + 1);
      await this.audit.record({
        userId: by, action: 'category.create', target: `category ${made}`,
        after: { slug, name_en: input.name_en, name_ar: input.name_ar, image, position },
      }, new Date().toISOString(), trx);
      return made;
    });
    return this.one(id);
  }

  async update(id: number, input: CategoryInput, by: number) {
    await this.db.transaction().execute(async (trx) => {
      const rows = await this.#lockedRows(trx);
      const index = rows.findIndex((r) => r.id === id);
      if (index < 0) throw notFound('category_not_found');
      const row = rows[index];
      this.#check(rows, input, id);
      const image = input.image ?? row.image;
      await trx.updateTable('categories').set({ name_en: input.name_en, name_ar: input.name_ar, image }).where('id', '=', id).execute();
      if (input.name_en !== row.name_en || input.name_ar !== row.name_ar) await indexCategory(trx, id);
      const position = await this.#place(trx, rows, id, input.position ?? index + 1);
      const was = { name_en: row.name_en, name_ar: row.name_ar, image: row.image, position: index + 1 };
      const now = { name_en: input.name_en, name_ar: input.name_ar, image, position };
      const fields = (Object.keys(now) as (keyof typeof now)[]).filter((k) => was[k] !== now[k]);
      if (fields.length === 0) return;
      await this.audit.record({
        userId: by, action: 'category.update', target: `category ${id}`,
        before: Object.fromEntries(fields.map((k) => [k, was[k]])), after: Object.fromEntries(fields.map((k) => [k, now[k]])),
      }, new Date().toISOString(), trx);
    });
    return this.one(id);
  }

  /**
   * Every category, its rows locked until the transaction ends: a write first (PostgreSQL locks
   * what it writes; SQLite's transaction already holds the database), so two owners' moves made
   * at once do not renumber from the same old order.
   */
  async #lockedRows(trx: Q): Promise<Row[]> {
    await trx.updateTable('categories').set((eb) => ({ sort: eb.ref('sort') })).execute();
    return trx.selectFrom('categories').select(['id', 'slug', 'name_en', 'name_ar', 'image', 'sort']).orderBy('sort').orderBy('id').execute();
  }

  /** Names in both languages used by no other category (in any case); an image that is a file of the shop's. */
  #check(rows: Row[], input: CategoryInput, self: number | null) {
    const errors = new FieldErrors();
    const others = rows.filter((r) => r.id !== self);
    const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');
    if (others.some((r) => same(r.name_en, input.name_en))) errors.add('name_en', 'category_name_taken');
    if (others.some((r) => same(r.name_ar, input.name_ar))) errors.add('name_ar', 'category_name_taken');
    if (input.image !== undefined && !this.#isShopImage(input.image)) errors.add('image', 'category_image_unknown');
    errors.throwIfAny();
  }

  /** An address under /media/ (the schema's pattern keeps it inside) whose file is there. */
  #isShopImage(url: string): boolean {
    const root = path.resolve(this.mediaDir);
    const file = path.resolve(root, url.replace(/^\/media\//, ''));
    return file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
  }

  /** Puts `id` at `position` (1 first; past the end, last) and renumbers every category 1…n. Answers its place. */
  async #place(trx: Q, rows: { id: number; sort: number }[], id: number, position: number): Promise<number> {
    const order = rows.filter((r) => r.id !== id);
    const at = Math.min(Math.max(position, 1), order.length + 1);
    order.splice(at - 1, 0, rows.find((r) => r.id === id)!);
    for (const [i, r] of order.entries()) {
      if (r.sort !== i + 1) await trx.updateTable('categories').set({ sort: i + 1 }).where('id', '=', r.id).execute();
    }
    return at;
  }

  /** The plain tile, written into the shop's images the first time a category needs it. */
  #placeholder(): string {
    const file = path.join(this.mediaDir, CATEGORY_PLACEHOLDER.replace(/^\/media\//, ''));
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, categorySvg({ hue: 32, variant: 0 }));
      fs.renameSync(tmp, file);
    }
    return CATEGORY_PLACEHOLDER;
  }
}
