// The owner's catalog: the products as the back office lists, writes and
// archives them, and the catalog as CSV (export, and an import that is checked
// whole and then written in one transaction, or not at all). Every write is
// audited in its own transaction, and the shop's cached product pages are
// forgotten after it, so the next shopper sees the change.
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db, Q } from '../../../db/database.ts';
import type { ProductsTable } from '../../../db/schema.ts';
import { AppError, FieldErrors, notFound } from '../../../errors.ts';
import { t, type Lang } from '../../../i18n/messages.ts';
import { cleanText } from '../../../contract/text.ts';
import { toLatinDigits } from '../../../contract/rules.ts';
import {
  ADMIN_PRODUCTS_PER_PAGE, CSV_COLUMNS, LOW_STOCK, PRODUCT_PLACEHOLDER_IMAGE, type CsvColumn,
} from '../../../contract/admin-products.ts';
import { fromEgp, toEgp } from '../../../domain/money.ts';
import { CsvSyntaxError, parseCsv, toCsv } from '../../../domain/csv.ts';
import type { AuditRepository } from '../back-office/audit-repository.ts';
import type { CatalogRepository } from './catalog-repository.ts';
import { adminImages } from './product-images.ts';
import { indexProducts, searchMatches } from '../../../db/search-index.ts';
import { searchQuery } from '../../../contract/search-text.ts';
import { HTML_FIELDS, productProblems, type Problem, type ProductInput } from './product-rules.ts';
import { sanitizeShopHtml } from '../shop-html.ts';

export interface AdminProductsFilter {
  q?: string;
  category_id?: number;
  archived?: boolean;
  low_stock?: boolean;
  page: number;
}

/** A product as it is kept, in the owner's terms: what a write compares and the audit records. The owner's input, with money in piastres. */
type Stored = ProductInput;

type StoredKey = keyof Stored;
const STORED_KEYS: StoredKey[] = [
  'name_en', 'name_ar', 'price', 'price_after_sale', 'typesale', 'category_id', 'stock', 'product_code', 'model_number',
  'smells', 'gifts', ...HTML_FIELDS,
];
/** What the search index holds of a product (db/search-index.ts): a change to one of these indexes it again. */
const SEARCHED_KEYS = new Set<StoredKey>([
  'name_en', 'name_ar', 'category_id', 'product_code', 'model_number', 'smells', 'overview_en', 'overview_ar', 'description_en', 'description_ar',
]);

export interface ImportLineError { line: number; field: string; message: string }
export interface ImportOutcome { created: number; updated: number; errors: ImportLineError[]; written: boolean }

/** An import line that passed every check, and what it will do. */
interface ImportPlan { line: number; id: number | null; input: ProductInput; archived: boolean }

type ProductRow = Selectable<ProductsTable>;

/** Products' smells (in order) and gift ids, by product id. */
interface Extras {
  smells: Map<number, { en: string; ar: string }[]>;
  gifts: Map<number, number[]>;
}

const FILE_FIELD = 'file';

export class ProductAdminRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  /** The list's query, newest first (archived: most recently archived first; low stock: lowest first). Public for the test of its plan. */
  listQuery(filter: Omit<AdminProductsFilter, 'page'>, q: Q = this.db) {
    let query = q.selectFrom('products as p');
    if (filter.low_stock) {
      // The few products low on stock come from the stock index, lowest first; whether each is archived
      // is then read from its row (written so that no index on archived_at is taken instead).
      if (filter.archived === true) query = query.where(sql<boolean>`coalesce(p.archived_at, '') <> ''`);
      if (filter.archived === false) query = query.where(sql<boolean>`coalesce(p.archived_at, '') = ''`);
    } else {
      if (filter.archived === true) query = query.where('p.archived_at', 'is not', null);
      if (filter.archived === false) query = query.where('p.archived_at', 'is', null);
    }
    if (filter.category_id !== undefined) query = query.where('p.category_id', '=', filter.category_id);
    if (filter.low_stock) query = query.where('p.stock', '<=', LOW_STOCK);
    const term = filter.q?.trim().toLowerCase();
    if (term) {
      // Part of a name or code: no index can find a word inside a text; docs/rules.md, "The owner's catalog".
      // Or the name's words as the shop's search folds them (أكوا for اكوا, ة for ه): docs/search.md.
      const pattern = `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      const words = searchQuery(term);
      const folded = words.length ? sql<boolean>` or p.id in (select s.product_id from ${searchMatches(words, { namesOnly: true })} s)` : sql<boolean>``;
      query = query.where(sql<boolean>`(lower(p.name_en) like ${pattern} escape '\\' or p.name_ar like ${pattern} escape '\\'
        or lower(p.product_code) like ${pattern} escape '\\'${folded})`);
    }
    return query;
  }

  listPageQuery(filter: Omit<AdminProductsFilter, 'page'>, page: number, q: Q = this.db) {
    let query = this.listQuery(filter, q).selectAll('p');
    if (filter.low_stock) query = query.orderBy('p.stock', 'asc').orderBy('p.id', 'asc');
    else if (filter.archived === true) query = query.orderBy('p.archived_at', 'desc').orderBy('p.id', 'desc');
    else query = query.orderBy('p.id', 'desc');
    return query.limit(ADMIN_PRODUCTS_PER_PAGE).offset((page - 1) * ADMIN_PRODUCTS_PER_PAGE);
  }

  async list(filter: AdminProductsFilter) {
    const [countRow, rows] = await Promise.all([
      this.listQuery(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.listPageQuery(filter, filter.page).execute(),
    ]);
    const total = Number(countRow?.n ?? 0);
    return {
      products: await this.#toAdmin(rows),
      meta: { page: filter.page, per_page: ADMIN_PRODUCTS_PER_PAGE, total, last_page: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PER_PAGE)) },
    };
  }

  async get(id: number, q: Q = this.db) {
    const row = await q.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('product_not_found');
    return (await this.#toAdmin([row], q))[0];
  }

  /** The gifts a "buy 2 get 1" product may offer: the shop's gifts table. */
  async gifts() {
    return this.db.selectFrom('gifts').select(['id', 'name_en', 'name_ar', 'image']).orderBy('id').execute();
  }

  async create(input: ProductInput, userId: number) {
    const product = await this.db.transaction().execute(async (trx) => {
      await this.#check(trx, input, null);
      const at = new Date().toISOString();
      const values = sanitized(normalize(input), null);
      const id = await this.#insert(trx, values, at);
      const product = await this.get(id, trx);
      await this.audit.record({ userId, action: 'product.create', target: `product ${id}`, after: auditView(values) }, at, trx);
      return product;
    });
    this.catalog.invalidateDetails();
    return product;
  }

  /** Replaces the product with `input`; only what changed is written and audited. */
  async update(id: number, input: ProductInput, userId: number) {
    const product = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('product_not_found');
      await this.#check(trx, input, id);
      const at = new Date().toISOString();
      const change = await this.#apply(trx, row, normalize(input));
      if (change) await this.audit.record({ userId, action: 'product.update', target: `product ${id}`, ...change }, at, trx);
      return this.get(id, trx);
    });
    this.catalog.invalidateDetails();
    return product;
  }

  async setArchived(id: number, archived: boolean, userId: number) {
    const product = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('products').select(['id', 'archived_at']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('product_not_found');
      const at = new Date().toISOString();
      if ((row.archived_at !== null) !== archived) {
        await trx.updateTable('products').set({ archived_at: archived ? at : null }).where('id', '=', id).execute();
        await this.audit.record({
          userId, action: 'product.archive', target: `product ${id}`, before: { archived: !archived }, after: { archived },
        }, at, trx);
      }
      return this.get(id, trx);
    });
    this.catalog.invalidateDetails();
    return product;
  }

  /** Every product, one CSV line each, both languages (docs/rules.md, "The catalog as CSV"); with a BOM so Excel reads it as UTF-8. */
  async exportCsv(): Promise<string> {
    const lines: string[][] = [[...CSV_COLUMNS]];
    let after = 0;
    for (;;) {
      const rows = await this.db.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(1000).execute();
      if (rows.length === 0) break;
      const { smells, gifts } = await this.#extras(rows.map((r) => r.id));
      for (const row of rows) {
        const s = stored(row, smells.get(row.id) ?? [], gifts.get(row.id) ?? []);
        const cells: Record<CsvColumn, string> = {
          id: String(row.id), product_code: s.product_code, model_number: s.model_number, category_id: String(s.category_id),
          name_en: s.name_en, name_ar: s.name_ar, price: String(toEgp(s.price)),
          price_after_sale: s.price_after_sale === null ? '' : String(toEgp(s.price_after_sale)),
          typesale: s.typesale, stock: String(s.stock), archived: row.archived_at === null ? 'false' : 'true',
          smells: s.smells.map((m) => `${m.en} | ${m.ar}`).join('; '), gifts: s.gifts.join('; '),
          overview_en: s.overview_en, overview_ar: s.overview_ar, description_en: s.description_en, description_ar: s.description_ar,
          how_to_use_en: s.how_to_use_en, how_to_use_ar: s.how_to_use_ar,
        };
        lines.push(CSV_COLUMNS.map((column) => cells[column]));
      }
      after = rows[rows.length - 1].id;
    }
    return '\uFEFF' + toCsv(lines);
  }

  /**
   * Checks the whole file, then (unless a dry run, and only when no line is
   * wrong) writes every line in one transaction: a product per line without
   * an id or a known code, an update for a line matched by id or code.
   * `updated` counts matched lines, changed or not; only changes are written.
   */
  async importCsv(body: Buffer, dryRun: boolean, userId: number, lang: Lang): Promise<ImportOutcome> {
    const text = decodeUtf8(body);
    const run = async (q: Q): Promise<ImportOutcome> => {
      const { plans, errors } = await this.#planImport(q, text, lang);
      const created = plans.filter((p) => p.id === null).length;
      const outcome = { created, updated: plans.length - created, errors, written: false };
      if (dryRun || errors.length > 0) return outcome;
      const at = new Date().toISOString();
      const matched = plans.flatMap((p) => (p.id === null ? [] : [p.id]));
      const rows = new Map((await this.#rowsByIds(q, matched)).map((r) => [r.id, r]));
      const extras = await this.#extras(matched, q);
      const ids: number[] = [];
      for (const plan of plans) {
        const input = normalize(plan.input);
        if (plan.id === null) {
          sanitized(input, null);
          const id = await this.#insert(q, input, at, plan.archived ? at : null);
          await this.audit.record({ userId, action: 'product.create', target: `product ${id}`, after: auditView(input) }, at, q);
          ids.push(id);
          continue;
        }
        const row = rows.get(plan.id)!;
        const change = await this.#apply(q, row, input, extras);
        const archivedChange = (row.archived_at !== null) !== plan.archived;
        if (archivedChange) await q.updateTable('products').set({ archived_at: plan.archived ? at : null }).where('id', '=', row.id).execute();
        if (change || archivedChange) {
          await this.audit.record({
            userId, action: 'product.update', target: `product ${row.id}`,
            before: { ...change?.before, ...(archivedChange ? { archived: !plan.archived } : {}) },
            after: { ...change?.after, ...(archivedChange ? { archived: plan.archived } : {}) },
          }, at, q);
        }
        ids.push(row.id);
      }
      await this.audit.record({ userId, action: 'product.import', target: 'catalog', after: { created: outcome.created, updated: outcome.updated } }, at, q);
      return { ...outcome, written: true };
    };
    // A dry run reads only; the import reads and writes under one lock, so what was checked is what is written.
    const outcome = dryRun ? await run(this.db) : await this.db.transaction().execute(run);
    if (outcome.written) this.catalog.invalidateDetails();
    return outcome;
  }

  async #rowsByIds(q: Q, ids: number[]): Promise<ProductRow[]> {
    const rows: ProductRow[] = [];
    for (let start = 0; start < ids.length; start += 500) {
      rows.push(...await q.selectFrom('products').selectAll().where('id', 'in', ids.slice(start, start + 500)).execute());
    }
    return rows;
  }

  /** Each product's smells (in order) and gift ids. */
  async #extras(ids: number[], q: Q = this.db): Promise<Extras> {
    const smells = new Map<number, { en: string; ar: string }[]>();
    const gifts = new Map<number, number[]>();
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const [smellRows, giftRows] = await Promise.all([
        q.selectFrom('product_smells').select(['product_id', 'name_en', 'name_ar']).where('product_id', 'in', chunk)
          .orderBy('product_id').orderBy('sort').orderBy('id').execute(),
        q.selectFrom('product_gifts').select(['product_id', 'gift_id']).where('product_id', 'in', chunk)
          .orderBy('product_id').orderBy('gift_id').execute(),
      ]);
      for (const s of smellRows) (smells.get(s.product_id) ?? smells.set(s.product_id, []).get(s.product_id)!).push({ en: s.name_en, ar: s.name_ar });
      for (const g of giftRows) (gifts.get(g.product_id) ?? gifts.set(g.product_id, []).get(g.product_id)!).push(g.gift_id);
    }
    return { smells, gifts };
  }

  async #toAdmin(rows: ProductRow[], q: Q = this.db) {
    const ids = rows.map((r) => r.id);
    const [{ smells, gifts }, images] = await Promise.all([this.#extras(ids, q), adminImages(q, ids)]);
    return rows.map((row) => {
      const s = stored(row, smells.get(row.id) ?? [], gifts.get(row.id) ?? []);
      return {
        id: row.id,
        ...s,
        price: toEgp(s.price),
        price_after_sale: s.price_after_sale === null ? null : toEgp(s.price_after_sale),
        archived: row.archived_at !== null,
        archived_at: row.archived_at,
        slug: row.slug,
        main_image: row.main_image,
        images: images.get(row.id) ?? [],
      };
    });
  }

  /** The checks that need the database: the category and gifts exist, no other product has the code. Throws 422 with every field named. */
  async #check(q: Q, input: ProductInput, selfId: number | null) {
    const errors = new FieldErrors();
    const problems = productProblems(input);
    const [category, gifts, sameCode] = await Promise.all([
      q.selectFrom('categories').select('id').where('id', '=', input.category_id).executeTakeFirst(),
      input.gifts.length ? q.selectFrom('gifts').select('id').where('id', 'in', input.gifts).execute() : Promise.resolve([]),
      q.selectFrom('products').select(['id', 'name_en', 'name_ar']).where('product_code', '=', input.product_code).executeTakeFirst(),
    ]);
    problems.push(...referenceProblems(input, {
      categoryExists: Boolean(category),
      giftExists: new Set(gifts.map((g) => g.id)),
      codeOwner: sameCode && sameCode.id !== selfId ? sameCode : null,
    }));
    for (const p of problems) errors.add(p.field, p.key, p.params);
    errors.throwIfAny();
  }

  async #insert(q: Q, input: Stored, at: string, archivedAt: string | null = null): Promise<number> {
    const row = await q.insertInto('products').values({
      slug: await uniqueSlug(q, input.name_en),
      category_id: input.category_id,
      name_en: input.name_en, name_ar: input.name_ar,
      overview_en: input.overview_en, overview_ar: input.overview_ar,
      description_en: input.description_en, description_ar: input.description_ar,
      how_to_use_en: input.how_to_use_en, how_to_use_ar: input.how_to_use_ar,
      price: input.price, sale_price: input.price_after_sale, sale_type: input.typesale,
      stock: input.stock, product_code: input.product_code, model_number: input.model_number,
      main_image: PRODUCT_PLACEHOLDER_IMAGE, units_sold: 0, created_at: at, archived_at: archivedAt,
    }).returning('id').executeTakeFirstOrThrow();
    await writeSmells(q, row.id, [], input.smells);
    await writeGifts(q, row.id, [], input.gifts);
    await indexProducts(q, [row.id]);
    return row.id;
  }

  /** Writes what differs between the row and `input`; answers the changed fields before and after (null: nothing changed). */
  async #apply(q: Q, row: ProductRow, input: Stored, extras?: Extras) {
    const { smells, gifts } = extras ?? await this.#extras([row.id], q);
    const current = stored(row, smells.get(row.id) ?? [], gifts.get(row.id) ?? []);
    sanitized(input, current);
    const changed = STORED_KEYS.filter((key) => !same(key, current[key], input[key]));
    if (changed.length === 0) return null;
    const columns: Record<string, unknown> = {};
    for (const key of changed) {
      if (key === 'smells' || key === 'gifts') continue;
      columns[COLUMN_OF[key] ?? key] = input[key];
    }
    if (Object.keys(columns).length) await q.updateTable('products').set(columns).where('id', '=', row.id).execute();
    if (changed.includes('smells')) await writeSmells(q, row.id, await smellRows(q, row.id), input.smells);
    if (changed.includes('gifts')) await writeGifts(q, row.id, current.gifts, input.gifts);
    if (changed.some((key) => SEARCHED_KEYS.has(key))) await indexProducts(q, [row.id]);
    return {
      before: auditView(current, changed),
      after: auditView(input, changed),
    };
  }

  /** Reads and checks every line: the plans of the good ones, and every mistake with its line and column. */
  async #planImport(q: Q, text: string, lang: Lang): Promise<{ plans: ImportPlan[]; errors: ImportLineError[] }> {
    const errors: ImportLineError[] = [];
    const fail = (line: number, field: string, problem: Omit<Problem, 'field'>) => errors.push({ line, field, message: t(lang, problem.key, problem.params) });
    let records;
    try {
      records = parseCsv(text);
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      fail(error.line, '', { key: error.problem === 'unclosed_quote' ? 'csv_unclosed_quote' : 'csv_text_after_quote' });
      return { plans: [], errors };
    }
    const [header, ...lines] = records;
    if (!header) throw new AppError(422, 'csv_empty', undefined, { [FILE_FIELD]: [{ key: 'csv_empty' }] });
    const names = header.fields.map((name) => name.trim().toLowerCase());
    const missing = CSV_COLUMNS.filter((column) => !names.includes(column));
    if (missing.length) fail(header.line, '', { key: 'csv_columns_missing', params: { columns: missing.join(', ') } });
    for (const name of names) if (!(CSV_COLUMNS as readonly string[]).includes(name)) fail(header.line, name, { key: 'csv_column_unknown', params: { column: name.slice(0, 40) } });
    if (errors.length) return { plans: [], errors };
    if (lines.length === 0) throw new AppError(422, 'csv_empty', undefined, { [FILE_FIELD]: [{ key: 'csv_empty' }] });

    const [categories, gifts, products] = await Promise.all([
      q.selectFrom('categories').select('id').execute(),
      q.selectFrom('gifts').select('id').execute(),
      q.selectFrom('products').select(['id', 'product_code', 'name_en', 'name_ar']).execute(),
    ]);
    const categoryIds = new Set(categories.map((c) => c.id));
    const giftIds = new Set(gifts.map((g) => g.id));
    const byId = new Map(products.map((p) => [p.id, p]));
    const byCode = new Map(products.map((p) => [p.product_code, p]));
    const lineOfProduct = new Map<number, number>();
    const lineOfCode = new Map<string, number>();
    const plans: ImportPlan[] = [];

    for (const record of lines) {
      const lineErrors = errors.length;
      const at = (field: string, problem: Omit<Problem, 'field'>) => fail(record.line, field, problem);
      if (record.fields.length !== names.length) {
        at('', { key: 'csv_cell_count', params: { found: record.fields.length, expected: names.length } });
        continue;
      }
      const cell = (column: CsvColumn) => cleanText(record.fields[names.indexOf(column)]);
      const read = readLine(cell);
      for (const p of read.problems) at(p.field, p);
      const input = read.input;
      // Which product: by id when given, else by code; a new one otherwise.
      let id: number | null = null;
      if (read.id !== null) {
        if (!byId.has(read.id)) at('id', { key: 'csv_product_unknown', params: { id: read.id } });
        else id = read.id;
      } else if (byCode.has(input.product_code)) {
        id = byCode.get(input.product_code)!.id;
      }
      if (id !== null) {
        const earlier = lineOfProduct.get(id);
        if (earlier !== undefined) at(read.id !== null ? 'id' : 'product_code', { key: 'csv_product_twice', params: { line: earlier } });
        else lineOfProduct.set(id, record.line);
      }
      if (input.product_code) {
        const earlier = lineOfCode.get(input.product_code);
        if (earlier !== undefined) at('product_code', { key: 'csv_code_twice', params: { code: input.product_code, line: earlier } });
        else lineOfCode.set(input.product_code, record.line);
      }
      const owner = byCode.get(input.product_code);
      const problems = [...productProblems(input), ...referenceProblems(input, {
        categoryExists: categoryIds.has(input.category_id),
        giftExists: giftIds,
        codeOwner: owner && owner.id !== id && !(read.id !== null && id === null) ? owner : null,
      })];
      // One message per column is enough on a line: the first.
      const said = new Set(errors.slice(lineErrors).map((e) => e.field));
      for (const p of problems) {
        const column = p.field.split('.')[0];
        if (said.has(column) || read.unreadable.has(column)) continue;
        said.add(column);
        at(column, p);
      }
      if (errors.length === lineErrors) plans.push({ line: record.line, id, input, archived: read.archived });
    }
    return { plans, errors };
  }
}

/** The checks against the shop's data: the category, each gift, and the code's owner (another product). */
function referenceProblems(
  input: ProductInput,
  found: { categoryExists: boolean; giftExists: Set<number>; codeOwner: { name_en: string; name_ar: string } | null },
): Problem[] {
  const problems: Problem[] = [];
  if (Number.isInteger(input.category_id) && input.category_id >= 1 && !found.categoryExists) problems.push({ field: 'category_id', key: 'category_unknown' });
  for (const gift of input.gifts) if (!found.giftExists.has(gift)) problems.push({ field: 'gifts', key: 'gift_unknown_id', params: { id: gift } });
  if (found.codeOwner) {
    problems.push({ field: 'product_code', key: 'product_code_taken', params: { code: input.product_code, name: { en: found.codeOwner.name_en, ar: found.codeOwner.name_ar } } });
  }
  return problems;
}

/** A CSV line's cells as a product; a cell that cannot be read is named, and its column's other checks are skipped. */
function readLine(cell: (column: CsvColumn) => string) {
  const problems: Problem[] = [];
  const unreadable = new Set<string>();
  const bad = (field: string, key: Problem['key']) => {
    problems.push({ field, key });
    unreadable.add(field);
  };
  const number = (column: CsvColumn, required: boolean): number | null => {
    const raw = toLatinDigits(cell(column)).replace(/٫/g, '.').replace(/[٬\s]/g, '');
    if (raw === '') {
      if (required) bad(column, 'field_required');
      return null;
    }
    if (!/^-?\d+(\.\d+)?$/.test(raw)) {
      bad(column, 'csv_number_invalid');
      return null;
    }
    return Number(raw);
  };
  const idValue = number('id', false);
  if (idValue !== null && (!Number.isInteger(idValue) || idValue < 1)) bad('id', 'csv_number_invalid');
  const archivedCell = cell('archived').toLowerCase();
  const archived = ['true', 'yes', '1'].includes(archivedCell);
  if (!archived && !['false', 'no', '0', ''].includes(archivedCell)) bad('archived', 'csv_yes_no');
  const smells: { en: string; ar: string }[] = [];
  const smellsCell = cell('smells');
  if (smellsCell !== '') {
    for (const part of smellsCell.split(/;|\n/)) {
      if (part.trim() === '') continue;
      const pair = part.split('|');
      if (pair.length !== 2) {
        bad('smells', 'csv_smells_format');
        break;
      }
      smells.push({ en: pair[0].trim(), ar: pair[1].trim() });
    }
  }
  const gifts: number[] = [];
  for (const part of toLatinDigits(cell('gifts')).split(/[;,\s]+/)) {
    if (part === '') continue;
    if (!/^\d{1,9}$/.test(part)) {
      bad('gifts', 'csv_number_invalid');
      break;
    }
    gifts.push(Number(part));
  }
  const input: ProductInput = {
    name_en: cell('name_en'), name_ar: cell('name_ar'),
    overview_en: cell('overview_en'), overview_ar: cell('overview_ar'),
    description_en: cell('description_en'), description_ar: cell('description_ar'),
    how_to_use_en: cell('how_to_use_en'), how_to_use_ar: cell('how_to_use_ar'),
    price: number('price', true) ?? NaN,
    price_after_sale: number('price_after_sale', false),
    typesale: cell('typesale').toLowerCase(),
    category_id: number('category_id', true) ?? NaN,
    smells, gifts,
    product_code: cell('product_code'),
    model_number: cell('model_number'),
    stock: number('stock', true) ?? NaN,
  };
  return { input, problems, unreadable, archived, id: idValue !== null && Number.isInteger(idValue) && idValue >= 1 ? idValue : null };
}

/** The body's bytes as text; anything but UTF-8 (Windows-1256, UTF-16…) is refused whole. */
function decodeUtf8(body: Buffer): string {
  const refuse = () => new AppError(422, 'csv_not_utf8', NOT_UTF8_PARAMS, { [FILE_FIELD]: [{ key: 'csv_not_utf8', params: NOT_UTF8_PARAMS }] });
  // UTF-16 with its byte-order mark ("Unicode Text" in Excel): valid bytes, wrong text.
  if (body.length >= 2 && ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))) throw refuse();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw refuse();
  }
}

const NOT_UTF8_PARAMS = { encoding: 'UTF-8', format: { en: 'CSV UTF-8 (Comma delimited)', ar: 'CSV UTF-8 (محدد بفواصل)' } };

/** The product's columns where their name differs from the owner's field. */
const COLUMN_OF: Partial<Record<StoredKey, string>> = { price_after_sale: 'sale_price', typesale: 'sale_type' };

function stored(row: ProductRow, smells: { en: string; ar: string }[], gifts: number[]): Stored {
  return {
    name_en: row.name_en, name_ar: row.name_ar,
    overview_en: row.overview_en, overview_ar: row.overview_ar,
    description_en: row.description_en, description_ar: row.description_ar,
    how_to_use_en: row.how_to_use_en, how_to_use_ar: row.how_to_use_ar,
    price: row.price, price_after_sale: row.sale_price, typesale: row.sale_type, category_id: row.category_id,
    smells, gifts: [...gifts].sort((a, b) => a - b), product_code: row.product_code, model_number: row.model_number, stock: row.stock,
  };
}

/** The owner's input as it will be kept, but for its HTML (`sanitized`): piastres, names trimmed, gifts once each in order. */
function normalize(input: ProductInput): Stored {
  return {
    ...input,
    name_en: input.name_en.trim(), name_ar: input.name_ar.trim(),
    price: fromEgp(input.price),
    price_after_sale: input.price_after_sale === null ? null : fromEgp(input.price_after_sale),
    smells: input.smells.map((s) => ({ en: s.en.trim(), ar: s.ar.trim() })),
    gifts: [...new Set(input.gifts)].sort((a, b) => a - b),
  };
}

/**
 * Sanitizes the HTML of `input` in place, but for a text that is exactly the
 * product's already (an export imported back): what is stored was sanitized
 * on its way in, or is the shop's own seed.
 */
function sanitized(input: Stored, current: Stored | null): Stored {
  for (const field of HTML_FIELDS) if (!current || input[field] !== current[field]) input[field] = sanitizeShopHtml(input[field]);
  return input;
}

/**
 * Whether a field is unchanged. HTML is compared as the storefront would show
 * it: a text saved before sanitizing on save existed (the seed's) is the same
 * when it sanitizes to what was sent.
 */
function same(key: StoredKey, current: unknown, next: unknown): boolean {
  if ((HTML_FIELDS as readonly string[]).includes(key) && current !== next) return sanitizeShopHtml(String(current)) === next;
  return JSON.stringify(current) === JSON.stringify(next);
}

/** The fields as the audit shows them: money in EGP, the owner's field names. */
function auditView(s: Stored, keys: StoredKey[] = STORED_KEYS): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => {
    const value = s[key];
    if ((key === 'price' || key === 'price_after_sale') && typeof value === 'number') return [key, toEgp(value)];
    return [key, value];
  }));
}

async function smellRows(q: Q, productId: number) {
  return q.selectFrom('product_smells').select(['id', 'name_en', 'name_ar']).where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

/**
 * The product's smells become `next`, in its order. A smell kept under the
 * same name in either language keeps its row, so a cart that chose it keeps
 * the choice (carts hold smell ids); a smell taken away leaves such a cart's
 * unit to be chosen again.
 */
async function writeSmells(q: Q, productId: number, current: { id: number; name_en: string; name_ar: string }[], next: { en: string; ar: string }[]) {
  const free = [...current];
  for (const [sort, smell] of next.entries()) {
    const i = free.findIndex((row) => row.name_en.toLowerCase() === smell.en.toLowerCase() || row.name_ar === smell.ar);
    if (i >= 0) {
      const [row] = free.splice(i, 1);
      await q.updateTable('product_smells').set({ name_en: smell.en, name_ar: smell.ar, sort }).where('id', '=', row.id).execute();
    } else {
      await q.insertInto('product_smells').values({ product_id: productId, name_en: smell.en, name_ar: smell.ar, sort }).execute();
    }
  }
  if (free.length) await q.deleteFrom('product_smells').where('id', 'in', free.map((row) => row.id)).execute();
}

async function writeGifts(q: Q, productId: number, current: number[], next: number[]) {
  const gone = current.filter((id) => !next.includes(id));
  const added = next.filter((id) => !current.includes(id));
  if (gone.length) await q.deleteFrom('product_gifts').where('product_id', '=', productId).where('gift_id', 'in', gone).execute();
  if (added.length) await q.insertInto('product_gifts').values(added.map((gift_id) => ({ product_id: productId, gift_id }))).execute();
}

/** A slug from the English name ("Royal Oud 50 ml" → royal-oud-50-ml), made unique with -2, -3… */
async function uniqueSlug(q: Q, nameEn: string): Promise<string> {
  const base = nameEn.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '') || 'product';
  const taken = new Set((await q.selectFrom('products').select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
