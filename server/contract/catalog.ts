import { Type } from 'typebox';
import { Enum, Id, Money, Nullable, Text, Timestamp } from './common.ts';
import { imageFields } from './images.ts';

/**
 * A product's page tells how many are left only at or below this many ("Only 3 left"): above it
 * the exact stock is the shop's business (docs/rules.md, "Stock on the product's page").
 */
export const STOCK_LEFT_SHOWN = 5;

export const SORTS = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const;

/** What every product in a list or a suggestion shows: its name, picture and price. */
const PRODUCT_FACE = {
  id: Id,
  name: Type.String(),
  price: Money,
  price_after_sale: Money,
  image: Type.String(),
  ...imageFields('image'),
};

export const ProductCard = Type.Object({
  ...PRODUCT_FACE,
  overview: Type.String({ description: 'plain text' }),
  category_id: Id,
  category_name: Type.String(),
  rate: Type.Number({ minimum: 0, maximum: 5 }),
  reviews_count: Type.Integer(),
  typesale_name: Type.String({ description: '"normal" or "buy 2 get 1"' }),
  in_stock: Type.Boolean(),
  is_fav: Type.Boolean(),
});

export const Meta = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});

/** Reviews a page holds: the product page's first page, and each page of GET /products/{id}/reviews by default. */
export const REVIEWS_PER_PAGE = 5;
/** The largest page of reviews one request may ask for. */
export const REVIEWS_PER_PAGE_MAX = 20;

export const Review = Type.Object({
  user_name: Type.String({ description: "the writer's first and last name" }),
  rate: Type.Number({ minimum: 0.5, maximum: 5, description: 'stars, in halves' }),
  comment: Type.String({ description: 'plain text, in the language the shopper wrote it in' }),
  created_at: Timestamp,
  verified: Type.Boolean({ description: 'the writer has a delivered order with this product' }),
}, { description: "one account's review of a product (each account has at most one per product)" });

export const ReviewsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: REVIEWS_PER_PAGE_MAX, description: `reviews a page, ${REVIEWS_PER_PAGE} unless given` })),
}, { additionalProperties: false });

export const ReviewsPage = Type.Object({
  reviews: Type.Array(Review, { description: 'newest first' }),
  meta: Meta,
});

// Other keys are dropped, not refused (a cache-buster stays harmless): the
// handlers spread the query into the repository's filter, whose internal
// `offersOnly` a query string could otherwise set.
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 48 })),
  category_id: Type.Optional(Id),
  q: Type.Optional(Text(100, { description: 'words to search for, cleaned like any free text' })),
  sort: Type.Optional(Enum(SORTS)),
  min_price: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
  max_price: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
  in_stock: Type.Optional(Type.Boolean({ description: 'true: only what can be bought now (stock above 0)' })),
}, { additionalProperties: false });

/** Products a suggestion list shows at most. */
export const SUGGESTED_PRODUCTS = 6;
/** Categories a suggestion list shows at most. */
export const SUGGESTED_CATEGORIES = 3;

export const SuggestQuery = Type.Object({
  q: Type.Optional(Text(100, { description: 'what the shopper has typed so far (the search box asks from 2 characters); none: no suggestions' })),
}, { additionalProperties: false });

export const Suggestion = Type.Object(PRODUCT_FACE);

export const CategoryRow = Type.Object({ id: Id, name: Type.String(), image: Type.String(), products_count: Type.Integer() });
export const CategoryHead = Type.Object({ id: Id, name: Type.String(), image: Type.String() });

export const Suggestions = Type.Object({
  products: Type.Array(Suggestion, { description: `the best matches, at most ${SUGGESTED_PRODUCTS}` }),
  categories: Type.Array(CategoryHead, { description: `categories whose name matches, at most ${SUGGESTED_CATEGORIES}` }),
  closest_category: Type.Union([CategoryHead, Type.Null()], {
    description: 'where to look when nothing matches every word: the first matching category, else the one with the most products on sale matching any word, else null',
  }),
});

export const HomeData = Type.Object({
  Data_home_page: Type.Object({
    message_nav: Type.String(),
    hero_title: Type.String(),
    hero_subtitle: Type.String(),
    hero_image: Type.String(),
  }),
  categories: Type.Array(CategoryRow),
  offers: Type.Array(ProductCard),
  best_sellers: Type.Array(ProductCard),
  new_arrivals: Type.Array(ProductCard),
});

export const Footer = Type.Object({ description: Type.String({ description: 'HTML' }) });
export const LinkFooter = Type.Object({
  link_twitter: Type.String(),
  link_instegram: Type.String(),
  link_facebook: Type.String(),
});

export const ProductDetails = Type.Object({
  OverView_Product: Type.Object({
    name: Type.String(),
    overview: Type.String({ description: 'HTML' }),
    main_image: Type.String(),
    ...imageFields('main_image'),
    images: Type.Array(Type.Object({ product_image_id: Id, product_image: Type.String(), ...imageFields('product_image') }), {
      description: 'the product\'s other pictures, in order (the main one is main_image)',
    }),
    product_after_sale: Money,
    price: Money,
    link: Type.String(),
    description: Type.String({ description: 'HTML' }),
    typesale_name: Type.String(),
    in_stock: Type.Boolean(),
    stock_left: Nullable(Type.Integer({
      minimum: 1, maximum: STOCK_LEFT_SHOWN,
      description: `the units left when they are ${STOCK_LEFT_SHOWN} or fewer (the page says "Only N left"); null above that, and when none can be bought: the exact stock is not told`,
    })),
  }),
  Product_details: Type.Object({
    product_id: Id,
    smell: Type.String({ description: 'the smell options, comma separated' }),
    smells: Type.Array(Type.String()),
    product_code: Type.String(),
    model_number: Type.String(),
    category_name: Type.String(),
    category_id: Id,
    reviews: Type.Number({ description: 'average rate over every review, one decimal; 0 without reviews' }),
  }),
  How_to_use: Type.Object({ how_to_use: Type.String({ description: 'HTML' }), images: Type.Array(Type.String()) }),
  realted_product: Type.Array(Type.Object({
    id: Id, name: Type.String(), price: Money, price_after_sale: Money, overview: Type.String(), image: Type.String(),
    ...imageFields('image'), typesale_name: Type.String(), in_stock: Type.Boolean(),
  })),
  review_rate: Type.Object(
    { '1': Type.Number(), '2': Type.Number(), '3': Type.Number(), '4': Type.Number(), '5': Type.Number() },
    { description: 'the share of every review (percent, rounded) that gave each number of stars; a half star counts with the star above it' },
  ),
  reviews_count: Type.Integer({ minimum: 0, description: 'how many reviews the product has' }),
  review: Type.Array(Review, {
    maxItems: REVIEWS_PER_PAGE,
    description: `the newest ${REVIEWS_PER_PAGE} reviews; the rest from GET /products/{id}/reviews?page=2 on`,
  }),
});

export const AboutData = Type.Object({ title: Type.String(), content: Type.String({ description: 'HTML' }), image: Type.String() });
