// The catalog's search index (the product_search table) and the search over
// it: the same SQL on SQLite and PostgreSQL, an index range per typed word,
// never a scan of the products. How it matches and ranks: docs/search.md.
import { sql, type RawBuilder } from 'kysely';
import type { Q } from './database.ts';
import { normalizeSearch, searchTerms } from '../contract/search-text.ts';
import { htmlToText } from '../contract/html-text.ts';

/** Where a term comes from: the lower, the stronger a match. */
export const FIELD = { name: 1, category: 2, detail: 3, text: 4 } as const;

/**
 * A match's weight by its field, doubled when the typed word is the whole
 * term: a name's prefix (8) still ranks above a description's whole word (2).
 */
const FIELD_SCORE = sql<number>`case t.field when ${FIELD.name} then 8 when ${FIELD.category} then 4 when ${FIELD.detail} then 4 else 1 end`;

/** Above every character a normalized term holds: `term < prefix + HIGH` ends a prefix's range. */
const HIGH = '\uffff';

/** Rows a statement writes at once (3 values each, well under either database's limit). */
const BATCH = 400;

interface Indexed {
  id: number;
  name_en: string; name_ar: string;
  category_en: string; category_ar: string;
  product_code: string; model_number: string;
  overview_en: string; overview_ar: string;
  description_en: string; description_ar: string;
}

/** Each term of a product once, with the strongest field it appears in. */
function termsOf(p: Indexed, smells: { name_en: string; name_ar: string }[]): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (field: number, ...texts: string[]) => {
    for (const text of texts) {
      for (const term of searchTerms(text)) {
        const had = terms.get(term);
        if (had === undefined || field < had) terms.set(term, field);
      }
    }
  };
  add(FIELD.name, p.name_en, p.name_ar);
  add(FIELD.category, p.category_en, p.category_ar);
  add(FIELD.detail, ...smells.flatMap((s) => [s.name_en, s.name_ar]), p.product_code, p.model_number);
  // A code typed without its dash ("at1001") finds it too.
  for (const code of [p.product_code, p.model_number]) {
    const joined = normalizeSearch(code).replaceAll(' ', '');
    if (joined && !terms.has(joined)) terms.set(joined, FIELD.detail);
  }
  add(FIELD.text, ...[p.overview_en, p.overview_ar, p.description_en, p.description_ar].map(htmlToText));
  return terms;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes the products' terms again from what is stored now: called in the
 * same transaction as every write to a product, its smells or its category.
 */
export async function indexProducts(q: Q, ids: number[]): Promise<void> {
  for (const some of chunks([...new Set(ids)], 500)) {
    const [products, smells] = await Promise.all([
      q.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(['p.id', 'p.name_en', 'p.name_ar', 'c.name_en as category_en', 'c.name_ar as category_ar', 'p.product_code', 'p.model_number',
          'p.overview_en', 'p.overview_ar', 'p.description_en', 'p.description_ar'])
        .where('p.id', 'in', some).execute(),
      q.selectFrom('product_smells').select(['product_id', 'name_en', 'name_ar']).where('product_id', 'in', some).execute(),
    ]);
    await q.deleteFrom('product_search').where('product_id', 'in', some).execute();
    const rows = products.flatMap((p) => [...termsOf(p, smells.filter((s) => s.product_id === p.id))]
      .map(([term, field]) => ({ term, product_id: p.id, field })));
    for (const batch of chunks(rows, BATCH)) await q.insertInto('product_search').values(batch).execute();
  }
}

/** A category's name is part of its products' terms: renamed, they are indexed again. */
export async function indexCategory(q: Q, categoryId: number): Promise<void> {
  const rows = await q.selectFrom('products').select('id').where('category_id', '=', categoryId).execute();
  await indexProducts(q, rows.map((r) => r.id));
}

/** The products matching at least one word of a query, once each; in parentheses, to be joined as a table. */
export function anyWordMatches(query: string[][]): RawBuilder<{ product_id: number }> {
  const ranges = query.flat().map((form) => sql`(t.term >= ${form} and t.term < ${form + HIGH})`);
  return sql<{ product_id: number }>`(select distinct t.product_id from product_search t where ${sql.join(ranges, sql` or `)})`;
}

/**
 * The products matching every word of a query (search-text.ts's
 * searchQuery: each word with its forms), with their score: one index range
 * per form, grouped per word, then only the products every word found;
 * in parentheses, to be joined as a table.
 */
export function searchMatches(query: string[][], options: { namesOnly?: boolean } = {}): RawBuilder<{ product_id: number; score: number }> {
  // Names only (the search box's suggestions): the small partial index product_search_names serves it.
  const names = options.namesOnly ? sql` and t.field = ${sql.lit(FIELD.name)}` : sql``;
  const perWord = query.map((forms) => {
    const ranges = forms.map((form) => sql`(t.term >= ${form} and t.term < ${form + HIGH})`);
    const whole = sql`t.term in (${sql.join(forms)})`;
    return sql`select t.product_id, max(${FIELD_SCORE} * case when ${whole} then 2 else 1 end) as score
      from product_search t where (${sql.join(ranges, sql` or `)})${names} group by t.product_id`;
  });
  // One word: its own grouping is the answer.
  if (perWord.length === 1) return sql<{ product_id: number; score: number }>`(${perWord[0]})`;
  return sql<{ product_id: number; score: number }>`(select w.product_id, sum(w.score) as score
    from (${sql.join(perWord, sql` union all `)}) w group by w.product_id having count(*) = ${query.length})`;
}
