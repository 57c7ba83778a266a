// The owner's catalog (/api/admin/products): the product as the owner edits
// it, in both languages, its list and the catalog as CSV.
import { Type } from 'typebox';
import { Enum, FIELD_MESSAGE, Id, Money, Nullable, Text } from './common.ts';
import { BUY_2_GET_1 } from './cart-rules.ts';
import { Meta } from './catalog.ts';

export const SALE_TYPES = ['normal', BUY_2_GET_1] as const;

/** What a product shows until the owner adds a photo (written by the media seed on every start). */
export const PRODUCT_PLACEHOLDER_IMAGE = '/media/products/placeholder.svg';

/** A product with this much stock or less counts as low on stock (the dashboard's list too). */
export const LOW_STOCK = 5;

/** Products a page of the owner's list holds. */
export const ADMIN_PRODUCTS_PER_PAGE = 20;

/** The longest HTML text of a product (overview, description, how to use), in characters. */
export const PRODUCT_HTML_MAX = 10_000;

/** A product code: letters and digits, with . _ / - inside; what a CSV line is matched by. */
export const PRODUCT_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$';

/** Characters a smell's name cannot hold: they separate smells and languages in the CSV's smells cell. */
export const SMELL_SEPARATORS = /[;|]/;
export const SMELL_NAME_PATTERN = '^[^;|]*$';

const message = (key: string) => ({ [FIELD_MESSAGE]: key });

export const AdminImage = Type.Object({
  id: Type.Integer({ description: 'the photo\'s id (0: the main image kept on the product itself)' }),
  url: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  variants: Type.Array(Type.Object({ width: Type.Integer(), url: Type.String(), type: Type.String() })),
});

const smellName = (description: string) => Text(60, {
  minLength: 1, pattern: SMELL_NAME_PATTERN, description, message: 'smell_separator', emptyMessage: 'smell_name_required',
});

export const Smell = Type.Object({
  en: smellName('the smell\'s name in English; no ; or |'),
  ar: smellName('the smell\'s name in Arabic; no ; or |'),
}, { additionalProperties: false });

/** What the owner writes: create (POST) and replace (PUT) take the same whole product. */
export const AdminProductBody = Type.Object({
  name_en: Text(120, { description: 'the name in English' }),
  name_ar: Text(120, { description: 'the name in Arabic' }),
  overview_en: Text(PRODUCT_HTML_MAX, { description: 'HTML, sanitized on save under the storefront\'s rules' }),
  overview_ar: Text(PRODUCT_HTML_MAX, { description: 'HTML' }),
  description_en: Text(PRODUCT_HTML_MAX, { description: 'HTML' }),
  description_ar: Text(PRODUCT_HTML_MAX, { description: 'HTML' }),
  how_to_use_en: Text(PRODUCT_HTML_MAX, { description: 'HTML' }),
  how_to_use_ar: Text(PRODUCT_HTML_MAX, { description: 'HTML' }),
  price: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'EGP, above 0, at most 2 decimals', ...message('price_invalid') }),
  price_after_sale: Nullable(Type.Number({ minimum: 0, maximum: 1_000_000, description: 'the sale price in EGP, below the price; null: not on sale', ...message('price_invalid') })),
  typesale: Enum(SALE_TYPES),
  category_id: Type.Integer({ minimum: 1, maximum: 2147483647, ...message('category_unknown') }),
  smells: Type.Array(Smell, { maxItems: 30, description: 'the smells a shopper chooses from, in order' }),
  gifts: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647, ...message('gift_unknown_id') }), {
    maxItems: 10, description: 'ids of the shop\'s gifts (GET /admin/gifts) a "buy 2 get 1" product offers; at least one for that sale type',
  }),
  product_code: Text(40, { description: 'unique; letters, digits and . _ / -', pattern: PRODUCT_CODE_PATTERN, message: 'product_code_invalid' }),
  model_number: Text(60),
  stock: Type.Integer({ minimum: 0, maximum: 1_000_000, ...message('stock_invalid') }),
}, { additionalProperties: false });

export const AdminProduct = Type.Object({
  id: Id,
  ...AdminProductBody.properties,
  price: Money,
  price_after_sale: Nullable(Money),
  category_id: Id,
  gifts: Type.Array(Id),
  smells: Type.Array(Type.Object({ en: Type.String(), ar: Type.String() })),
  archived: Type.Boolean(),
  archived_at: Nullable(Type.String({ description: 'ISO 8601' })),
  slug: Type.String(),
  main_image: Type.String({ description: 'what the shop shows first; the placeholder until a photo is added' }),
  images: Type.Array(AdminImage),
});

export const AdminProductsQuery = Type.Object({
  q: Type.Optional(Text(100, { description: 'part of the name in either language, or the product code' })),
  category_id: Type.Optional(Id),
  archived: Type.Optional(Type.Boolean({ description: 'true: archived only; false: on sale only; absent: both' })),
  low_stock: Type.Optional(Type.Boolean({ description: `true: only products with ${LOW_STOCK} or fewer in stock` })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});

export const AdminProductsPage = Type.Object({ products: Type.Array(AdminProduct), meta: Meta });

export const ArchiveBody = Type.Object({
  archived: Type.Boolean({ description: 'true: off sale (kept for orders); false: back on sale' }),
}, { additionalProperties: false });

export const GiftRow = Type.Object({ id: Id, name_en: Type.String(), name_ar: Type.String(), image: Type.String() });

export const ImportQuery = Type.Object({
  dry_run: Type.Optional(Type.Boolean({ description: 'true: check and count, write nothing' })),
});

export const ImportResult = Type.Object({
  created: Type.Integer({ description: 'lines that add a product' }),
  updated: Type.Integer({ description: 'lines matched to a product (by id, else by product code)' }),
  errors: Type.Array(Type.Object({
    line: Type.Integer({ description: 'the file\'s line, from 1 (the column names)' }),
    field: Type.String({ description: 'the column, or "" for the line as a whole' }),
    message: Type.String({ description: 'in the caller\'s language' }),
  })),
});

/** The CSV's columns, in order: the export writes them, the import needs them all (in any order). */
export const CSV_COLUMNS = [
  'id', 'product_code', 'model_number', 'category_id', 'name_en', 'name_ar',
  'price', 'price_after_sale', 'typesale', 'stock', 'archived', 'smells', 'gifts',
  'overview_en', 'overview_ar', 'description_en', 'description_ar', 'how_to_use_en', 'how_to_use_ar',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
