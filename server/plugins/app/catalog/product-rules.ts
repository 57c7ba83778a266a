// What makes a product the owner writes acceptable, checked the same way for
// the product form (JSON) and for each line of an imported CSV. The checks that
// need the database (the category, the gifts, a code another product uses) are
// the repository's (product-admin-repository.ts).
import { BUY_2_GET_1 } from '../../../contract/cart-rules.ts';
import { PRODUCT_CODE_PATTERN, PRODUCT_HTML_MAX, SALE_TYPES, SMELL_SEPARATORS } from '../../../contract/admin-products.ts';
import { formatMoney, type MessageKey, type MessageParams } from '../../../i18n/messages.ts';
import { fromEgp } from '../../../domain/money.ts';

export const HTML_FIELDS = ['overview_en', 'overview_ar', 'description_en', 'description_ar', 'how_to_use_en', 'how_to_use_ar'] as const;

/** A product as the owner sends it: money in EGP, texts as typed. */
export interface ProductInput {
  name_en: string;
  name_ar: string;
  overview_en: string;
  overview_ar: string;
  description_en: string;
  description_ar: string;
  how_to_use_en: string;
  how_to_use_ar: string;
  price: number;
  price_after_sale: number | null;
  typesale: string;
  category_id: number;
  smells: { en: string; ar: string }[];
  gifts: number[];
  product_code: string;
  model_number: string;
  stock: number;
}

/** One thing wrong, under the field it is about (`smells.2.ar` for a smell's Arabic name). */
export interface Problem {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

const MAX_EGP = 1_000_000;

/** EGP above 0, at most 1,000,000, with at most two decimals. */
export function isPrice(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= MAX_EGP && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const bothLanguages = (amount: number) => ({ en: formatMoney('en', fromEgp(amount)), ar: formatMoney('ar', fromEgp(amount)) });

/** Everything wrong with the product on its own, each under its field. */
export function productProblems(p: ProductInput): Problem[] {
  const problems: Problem[] = [];
  const add = (field: string, key: MessageKey, params?: MessageParams) => problems.push({ field, key, params });
  if (p.name_en.trim() === '') add('name_en', 'name_en_required');
  else if (p.name_en.length > 120) add('name_en', 'field_too_long', { characters: 120 });
  if (p.name_ar.trim() === '') add('name_ar', 'name_ar_required');
  else if (p.name_ar.length > 120) add('name_ar', 'field_too_long', { characters: 120 });
  for (const field of HTML_FIELDS) if (p[field].length > PRODUCT_HTML_MAX) add(field, 'field_too_long', { characters: PRODUCT_HTML_MAX });
  if (!isPrice(p.price)) add('price', 'price_invalid');
  if (p.price_after_sale !== null) {
    if (!isPrice(p.price_after_sale)) add('price_after_sale', 'price_invalid');
    else if (isPrice(p.price) && p.price_after_sale >= p.price) add('price_after_sale', 'sale_price_not_below', { price: bothLanguages(p.price) });
  }
  if (!(SALE_TYPES as readonly string[]).includes(p.typesale)) add('typesale', 'field_one_of', { values: SALE_TYPES.join(', ') });
  if (!Number.isInteger(p.stock) || p.stock < 0 || p.stock > MAX_EGP) add('stock', 'stock_invalid');
  if (!Number.isInteger(p.category_id) || p.category_id < 1) add('category_id', 'category_unknown');
  if (p.product_code === '') add('product_code', 'field_required');
  else if (!new RegExp(PRODUCT_CODE_PATTERN).test(p.product_code)) add('product_code', 'product_code_invalid');
  if (p.model_number.length > 60) add('model_number', 'field_too_long', { characters: 60 });
  if (p.smells.length > 30) add('smells', 'field_too_many', { items: 30 });
  const seen = new Set<string>();
  p.smells.forEach((smell, i) => {
    // The list's own refusal names the smell: the form's schema refuses an empty or split name per field first.
    for (const lang of ['en', 'ar'] as const) {
      const name = smell[lang];
      if (name.trim() === '') add(`smells.${i}.${lang}`, 'smell_name_required');
      else if (SMELL_SEPARATORS.test(name)) add(`smells.${i}.${lang}`, 'smell_separator');
      else if (name.length > 60) add(`smells.${i}.${lang}`, 'field_too_long', { characters: 60 });
    }
    const keys = [`en:${smell.en.trim().toLowerCase()}`, `ar:${smell.ar.trim()}`].filter((k) => !k.endsWith(':'));
    if (keys.some((k) => seen.has(k))) add('smells', 'smell_duplicate', { smell: smell.en.trim() || smell.ar.trim() });
    for (const k of keys) seen.add(k);
  });
  if (p.gifts.length > 10) add('gifts', 'field_too_many', { items: 10 });
  if (p.typesale === BUY_2_GET_1 && p.gifts.length === 0) add('gifts', 'gift_required');
  return problems;
}
