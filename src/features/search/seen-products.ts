import type { QueryClient } from '@tanstack/react-query';
import { matchesQuery, searchQuery, searchTerms } from '@contract/search-text';
import type { Lang } from '@/lib/storage';
import type { SuggestionList } from './api/get-suggestions';

export type Suggested = SuggestionList['products'][number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A product card of any list (home, lists, wishlist, related), or null. */
function cardOf(v: Record<string, unknown>): Suggested | null {
  if (typeof v.id !== 'number' || typeof v.name !== 'string' || typeof v.price !== 'number'
    || typeof v.price_after_sale !== 'number' || typeof v.image !== 'string') return null;
  const { id, name, price, price_after_sale, image, image_width, image_height, image_variants } = v as Suggested & Record<string, unknown>;
  return { id, name, price, price_after_sale, image, image_width, image_height, image_variants } as Suggested;
}

/** A product's page (its details answer) as a suggestion, or null. */
function detailsOf(v: Record<string, unknown>): Suggested | null {
  const product = v.OverView_Product;
  const facts = v.Product_details;
  if (!isRecord(product) || !isRecord(facts) || typeof facts.product_id !== 'number') return null;
  if (typeof product.name !== 'string' || typeof product.price !== 'number' || typeof product.product_after_sale !== 'number' || typeof product.main_image !== 'string') return null;
  return { id: facts.product_id, name: product.name, price: product.price, price_after_sale: product.product_after_sale, image: product.main_image } as Suggested;
}

/**
 * The products this device has already been shown in `lang` (every answer
 * in the query cache: lists, home rows, product pages, the wishlist; those
 * restored from IndexedDB too), each once.
 */
export function seenProducts(client: QueryClient, lang: Lang): Suggested[] {
  const found = new Map<number, Suggested>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    const product = cardOf(value) ?? detailsOf(value);
    if (product && !found.has(product.id)) found.set(product.id, product);
    for (const child of Object.values(value)) if (typeof child === 'object') visit(child, depth + 1);
  };
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.data === undefined || !query.queryKey.includes(lang) || query.queryKey[0] === 'search') continue;
    visit(query.state.data, 0);
  }
  return [...found.values()];
}

/** The seen products whose name matches every typed word, at most `max`. */
export function seenMatching(products: readonly Suggested[], typed: string, max: number): Suggested[] {
  const query = searchQuery(typed);
  if (!query.length) return [];
  return products.filter((p) => matchesQuery(searchTerms(p.name), query)).slice(0, max);
}
