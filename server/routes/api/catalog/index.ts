import zlib from 'node:zlib';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageOnly } from '../../../contract/common.ts';
import {
  AboutData, CategoryHead, CategoryRow, Footer, HomeData, LinkFooter, ListQuery, Meta, ProductCard, ProductDetails,
  REVIEWS_PER_PAGE, ReviewsPage, ReviewsQuery, SuggestQuery, Suggestions,
} from '../../../contract/catalog.ts';
import { MyReview, ReviewBody } from '../../../contract/account.ts';
import { ERROR_RESPONSES } from '../../../contract/common.ts';
import { FieldErrors, notFound } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { bearer, describe, idempotent, idempotentHeaders, ok, responses } from '../helpers.ts';
import { addVary } from '../../../vary.ts';

const encodings = new Map<string, 'br' | 'gzip' | null>();

/** br when the client takes it, else gzip, else none (q=0 refuses). Browsers send a handful of distinct headers: remember them. */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const key = String(header ?? '');
  let found = encodings.get(key);
  if (found === undefined) {
    const accepted = new Set(
      key.toLowerCase().split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
        .map(([name]) => name.trim()),
    );
    found = accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
    if (encodings.size > 200) encodings.clear();
    encodings.set(key, found);
  }
  return found;
}

/**
 * The home page's rows as shown, top to bottom: a row that would open with the
 * product the row above opens with starts with its second instead, so the page
 * does not lead with the same product twice.
 */
export function distinctLeads<T extends { id: number }>(rows: T[][]): T[][] {
  return rows.map((row, i) => {
    const above = i > 0 ? rows[i - 1][0] : undefined;
    if (!above || row.length < 2 || row[0].id !== above.id) return row;
    return [row[1], row[0], ...row.slice(2)];
  });
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];

  app.get('/home', { schema: { tags, response: responses(HomeData) } }, async (request) => {
    const { lang } = request;
    const user = await app.optionalUser(request);
    const uid = user?.id ?? null;
    const [message_nav, hero_title, hero_subtitle, categories, ...rows] = await Promise.all([
      app.content.get('message_nav', lang),
      app.content.get('hero_title', lang),
      app.content.get('hero_subtitle', lang),
      app.catalog.categories(lang),
      app.catalog.top('offers', 8, lang, uid),
      app.catalog.top('best', 8, lang, uid),
      app.catalog.top('new', 8, lang, uid),
    ]);
    // In the order the home page shows them (src/app/routes/home.tsx).
    const [offers, best, fresh] = distinctLeads(rows);
    return ok(t(lang, 'ok'), {
      Data_home_page: { message_nav, hero_title, hero_subtitle, hero_image: '/media/hero.svg' },
      categories, offers, best_sellers: best, new_arrivals: fresh,
    });
  });

  app.get('/products/bestseller', {
    schema: { tags, response: responses(Type.Array(ProductCard), { extra: { footer: Footer, linkfooter: LinkFooter } }) },
  }, async (request) => {
    const { lang } = request;
    const user = await app.optionalUser(request);
    const [cards, description, link_twitter, link_instegram, link_facebook] = await Promise.all([
      app.catalog.top('best', 12, lang, user?.id ?? null),
      app.content.get('footer_description', lang),
      app.content.get('link_twitter', lang),
      app.content.get('link_instegram', lang),
      app.content.get('link_facebook', lang),
    ]);
    return { ...ok(t(lang, 'ok'), cards), footer: { description }, linkfooter: { link_twitter, link_instegram, link_facebook } };
  });

  // The same page for every shopper (hearts come from /fav/show), serialized
  // and compressed once when cached, so the compress plugin stays off this route.
  app.get('/products/details/:id', { compress: false, schema: { tags, description: describe('A product\'s page: its details, the first page of its reviews and their counts.', [[404, 'product_not_found']]), params: IdParams, response: responses(ProductDetails) } }, async (request, reply) => {
    const { lang } = request;
    const details = app.catalog.cachedDetails(request.params.id, lang) ?? (await app.catalog.details(request.params.id, lang));
    if (!details) throw notFound('product_not_found');
    addVary(reply.type('application/json; charset=utf-8'), 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = () => `{"status":200,"message":${JSON.stringify(t(lang, 'ok'))},"data":${details.json}}`;
    if (!encoding) return reply.send(body() as never);
    const encoded = (details.encoded[encoding] ??= encoding === 'br'
      ? zlib.brotliCompressSync(body(), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
      : zlib.gzipSync(body(), { level: 9 }));
    return reply.header('content-encoding', encoding).send(encoded as never);
  });

  app.get('/categories', { schema: { tags, response: responses(Type.Array(CategoryRow)) } }, async (request) =>
    ok(t(request.lang, 'ok'), await app.catalog.categories(request.lang)));

  const listResponse = responses(Type.Object({ products: Type.Array(ProductCard), meta: Meta }));

  app.get('/products', { schema: { tags, querystring: ListQuery, response: listResponse } }, async (request) => {
    const user = await app.optionalUser(request);
    return ok(t(request.lang, 'ok'), await app.catalog.list(request.query, request.lang, user?.id ?? null));
  });

  app.get('/products/suggest', {
    schema: {
      tags, querystring: SuggestQuery, response: responses(Suggestions),
      description: describe('What the search box suggests as the shopper types: the best matching products and categories, found as search finds them.'),
    },
  }, async (request) => ok(t(request.lang, 'ok'), await app.catalog.suggest(request.query.q ?? '', request.lang)));

  app.get('/offers', { schema: { tags, querystring: ListQuery, response: listResponse } }, async (request) => {
    const user = await app.optionalUser(request);
    return ok(t(request.lang, 'ok'), await app.catalog.list({ ...request.query, offersOnly: true }, request.lang, user?.id ?? null));
  });

  app.get('/products/category/:id', {
    schema: {
      tags, params: IdParams, querystring: ListQuery, description: describe('A category and a page of its products.', [[404, 'category_not_found']]),
      response: responses(Type.Object({ category: CategoryHead, products: Type.Array(ProductCard), meta: Meta })),
    },
  }, async (request) => {
    const { lang } = request;
    const category = await app.catalog.category(request.params.id, lang);
    if (!category) throw notFound('category_not_found');
    const user = await app.optionalUser(request);
    const list = await app.catalog.list({ ...request.query, category_id: category.id }, lang, user?.id ?? null);
    return ok(t(lang, 'ok'), { category, ...list });
  });

  app.get('/about', { schema: { tags: ['content'], response: responses(AboutData) } }, async (request) => {
    const { lang } = request;
    const [title, content] = await Promise.all([app.content.get('about_title', lang), app.content.get('about_content', lang)]);
    return ok(t(lang, 'ok'), { title, content, image: '/media/about.svg' });
  });

  // Wishlist
  const wishTags = ['wishlist'];
  app.post('/fav/add/:id', {
    onRequest: app.authenticate, ...idempotent, schema: { tags: wishTags, security: bearer, ...idempotentHeaders, description: describe('Adds a product to the wishlist.', [[404, 'product_not_found']]), params: IdParams, response: { 200: MessageOnly, ...ERROR_RESPONSES } },
  }, async (request) => {
    if (!(await app.catalog.productExists(request.params.id))) throw notFound('product_not_found');
    await app.catalog.addFavorite(request.user!.id, request.params.id);
    return ok(t(request.lang, 'fav_added'), null);
  });

  app.get('/fav/remove/:id', {
    onRequest: app.authenticate, ...idempotent, schema: { tags: wishTags, security: bearer, ...idempotentHeaders, description: describe('Takes a product off the wishlist.', [[404, 'product_not_found']]), params: IdParams, response: { 200: MessageOnly, ...ERROR_RESPONSES } },
  }, async (request) => {
    if (!(await app.catalog.productExists(request.params.id))) throw notFound('product_not_found');
    await app.catalog.removeFavorite(request.user!.id, request.params.id);
    return ok(t(request.lang, 'fav_removed'), null);
  });

  app.get('/fav/show', {
    onRequest: app.authenticate, schema: { tags: wishTags, security: bearer, response: responses(Type.Array(ProductCard)) },
  }, async (request) => ok(t(request.lang, 'ok'), await app.catalog.favorites(request.user!.id, request.lang)));

  // Reviews: one per account and product; a send writes it or replaces it.
  const reviewTags = ['reviews'];
  const { reviewRateLimitMax, reviewRateLimitWindowMs } = app.settings;

  app.get('/products/:id/reviews', {
    schema: { tags: reviewTags, description: describe('A page of a product\'s reviews, newest first.', [[404, 'product_not_found']]), params: IdParams, querystring: ReviewsQuery, response: responses(ReviewsPage) },
  }, async (request) => {
    const { id } = request.params;
    if (!(await app.catalog.productExists(id))) throw notFound('product_not_found');
    const { page = 1, per_page = REVIEWS_PER_PAGE } = request.query;
    return ok(t(request.lang, 'ok'), await app.catalog.reviewPage(id, page, per_page));
  });

  app.get('/review/mine/:id', {
    onRequest: app.authenticate, schema: { tags: reviewTags, security: bearer, description: describe('The signed-in account\'s own review of a product, or null.', [[404, 'product_not_found']]), params: IdParams, response: responses(MyReview) },
  }, async (request) => {
    const { id } = request.params;
    if (!(await app.catalog.productExists(id))) throw notFound('product_not_found');
    return ok(t(request.lang, 'ok'), { review: await app.catalog.myReview(request.user!.id, id) });
  });

  app.post('/review/send', {
    onRequest: app.authenticate,
    config: {
      rateLimit: {
        max: reviewRateLimitMax,
        timeWindow: reviewRateLimitWindowMs,
        // After sign-in, so each account has its own count, wherever it writes from.
        hook: 'preHandler',
        keyGenerator: (request) => `review|#${request.user!.id}`,
      },
    },
    schema: {
      tags: reviewTags, security: bearer, body: ReviewBody, response: { 200: MessageOnly, ...ERROR_RESPONSES },
      description: describe('Writes the account\'s review of a product, or replaces the one it wrote. Limited per account (429).', [[404, 'product_not_found']]),
    },
  }, async (request) => {
    const { product_id, comment, rate } = request.body;
    // The schema already refuses a rate off the scale; the rule stays here beside the write it guards.
    const errors = new FieldErrors();
    const halves = rate * 2;
    if (!Number.isInteger(halves) || halves < 1 || halves > 10) errors.add('rate', 'rate_invalid');
    if (comment.trim() === '') errors.add('comment', 'text_required');
    errors.throwIfAny();
    if (!(await app.catalog.productExists(product_id))) throw notFound('product_not_found');
    const saved = await app.catalog.saveReview(request.user!.id, product_id, halves, comment.trim());
    return ok(t(request.lang, saved === 'sent' ? 'review_sent' : 'review_updated'), null);
  });
};

export default routes;
