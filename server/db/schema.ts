// Kysely table types. Money columns are integer piastres; timestamps are ISO
// 8601 text and dates YYYY-MM-DD text, which both SQLite and PostgreSQL hold
// as-is. Flags are integers 0/1 for the same reason.
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password_hash: string;
  birth_date: string;
  points: number;
  created_at: string;
  /** 'shopper' | 'staff' | 'owner' (server/domain/roles.ts) */
  role: ColumnType<string, string | undefined, string>;
  /** 1 while the password is a one-time password the command line printed */
  must_change_password: ColumnType<number, number | undefined, number>;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string;
  image: string;
  sort: number;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  overview_en: string;
  overview_ar: string;
  description_en: string;
  description_ar: string;
  how_to_use_en: string;
  how_to_use_ar: string;
  price: number;
  sale_price: number | null;
  sale_type: string;
  stock: number;
  product_code: string;
  model_number: string;
  main_image: string;
  /** the main picture's row (product_images, kind 'gallery'); null: none, main_image is the placeholder */
  main_image_id: ColumnType<number | null, number | null | undefined, number | null>;
  units_sold: number;
  /** how many reviews it has, and their half stars added up (db/product-ratings.ts) */
  reviews_count: ColumnType<number, number | undefined, number>;
  rate_halves_sum: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** when the owner archived it (off sale, kept for orders); null while on sale */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  image: string;
  /** 'gallery' | 'how_to_use' */
  kind: string;
  sort: number;
  /** the picture's size as it shows; null for one the server did not make (the demo shop's SVGs) */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON [{ width, height, url, type, bytes }], smallest first; null: none */
  variants: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductSmellsTable {
  id: Generated<number>;
  product_id: number;
  name_en: string;
  name_ar: string;
  sort: number;
}

export interface GiftsTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string;
  image: string;
}

export interface ProductGiftsTable {
  product_id: number;
  gift_id: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  /** half stars: 1..10 */
  rate_halves: number;
  comment: string;
  /** when the account first reviewed the product; an edit keeps it */
  created_at: string;
  /** the last edit, null until the first one */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FavoritesTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  address: string;
  phone: string;
  city: string;
  /** governorate code, see server/contract/governorates.ts */
  government: string;
  created_at: string;
}

export interface CartsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number | null;
  points_applied: number;
  updated_at: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  qty: number;
  /** JSON array, one smell id (or null) per unit */
  smell_ids: string;
  gift_id: number | null;
  created_at: string;
  /** the unit price (piastres) when the product was put in the cart; null for lines older than migration 009 that it could not price */
  price_seen: number | null;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  /** 'percent' | 'fixed' */
  kind: string;
  /** percent (1..100) or piastres */
  value: number;
  min_subtotal: number;
  /** last valid Cairo day, YYYY-MM-DD; null never expires */
  expires_on: string | null;
  max_uses: number | null;
  per_user_limit: number | null;
  used_count: number;
  /** 1 while offered, 0 switched off by the owner (008) */
  active: Generated<number>;
  /** first valid Cairo day, YYYY-MM-DD; null valid from the start (008) */
  starts_on: string | null;
}

export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  /** 'coupon:user' when the coupon allows one use per user: unique, so a race cannot use it twice */
  once_key: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  number: string;
  user_id: number;
  status: string;
  payment: string;
  shiping: string;
  delivery_date: string;
  username: string;
  phone: string;
  /** JSON snapshot of the address at checkout */
  address_json: string;
  subtotal: number;
  coupon_code: string | null;
  coupon_id: number | null;
  coupon_discount: number;
  points_used: number;
  points_discount: number;
  points_earned: number;
  shipping_fee: number;
  /** what the shopper pays */
  total: number;
  wallet_phone: string;
  created_at: string;
  /** 'unpaid' | 'awaiting' | 'reported' | 'paid' (server/domain/payment-status.ts) */
  payment_status: ColumnType<string, string | undefined, string>;
  /** the wallet the shopper reported sending from */
  payment_sender_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** the transfer's reference, as the shopper reported it or the staff recorded it */
  payment_reference: ColumnType<string | null, string | null | undefined, string | null>;
  paid_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the language the shopper ordered in: 'en' | 'ar' */
  lang: ColumnType<string, string | undefined, string>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name_en: string;
  name_ar: string;
  image: string;
  price: number;
  qty: number;
  /** JSON [{en, ar}] one per unit */
  smells_json: string;
  gift_id: number | null;
  gift_name_en: string | null;
  gift_name_ar: string | null;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  at: string;
  /** the staff member who made the change; null: the shopper, the checkout or the command line */
  by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** why it was cancelled */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  text: string;
  at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** who; null: the command line */
  user_id: number | null;
  /** what, e.g. 'order.status' */
  action: string;
  /** which, e.g. 'order ATR-10001' */
  target: string;
  before_json: string | null;
  after_json: string | null;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  reason: string;
  order_id: number | null;
  created_at: string;
}

/** A request limit's counter, shared by every server instance (migration 010). */
export interface RateLimitsTable {
  /** the limit's name and what it counts */
  key: string;
  hits: number;
  /** ms since the epoch; the window is over from then */
  reset_at: number;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  /** 'in_flight' | 'done' */
  state: string;
  response_status: number | null;
  /** the answer's body as sent, replayed byte for byte */
  response_body: string | null;
  /** its Content-Type (null on keys stored before 002) */
  response_type: string | null;
  /**
   * who holds it in flight: a random token per claim (`host|pid|start` on keys
   * stored before 010, null before 003)
   */
  holder: string | null;
  /** until when its holder's lease runs, ms since the epoch (null on keys stored before 010) */
  lease_until: number | null;
  created_at: string;
}

export interface ContentTable {
  key: string;
  value_en: string;
  value_ar: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * The catalog's search index: each product's normalized words (and each
 * without its Arabic article), with the field they come from. Kept in step
 * with every write to a product, its smells or its category
 * (db/search-index.ts); docs/search.md.
 */
export interface ProductSearchTable {
  /** a normalized word (server/contract/search-text.ts); byte order on both databases */
  term: string;
  product_id: number;
  /** 1 name, 2 category, 3 smell or code, 4 overview or description */
  field: number;
}

/** Every mail the shop sends: its outbox and its queue (server/mail/mail-queue.ts). */
export interface MailsTable {
  id: Generated<number>;
  /** 'password_reset' | 'order_placed' | 'order_status' | 'order_cancelled' */
  kind: string;
  lang: string;
  /** the recipient; a password reset's typed login until it is written */
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** 'queued' | 'sent' | 'logged' | 'failed' */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  /** ms since the epoch */
  next_attempt_at: number;
  /** ms since the epoch: a sender's claim */
  locked_until: number | null;
  last_error: string | null;
  user_id: number | null;
  order_id: number | null;
  created_at: string;
  sent_at: string | null;
}

/** A password reset link's token, hashed; single use (used_at). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_smells: ProductSmellsTable;
  product_search: ProductSearchTable;
  gifts: GiftsTable;
  product_gifts: ProductGiftsTable;
  reviews: ReviewsTable;
  favorites: FavoritesTable;
  addresses: AddressesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_notes: OrderNotesTable;
  audit_log: AuditLogTable;
  points_ledger: PointsLedgerTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  content: ContentTable;
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  mails: MailsTable;
  password_resets: PasswordResetsTable;
}

export type User = Selectable<UsersTable>;
