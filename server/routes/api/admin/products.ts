// The owner's catalog: products listed, added, edited and archived (never
// deleted: orders point at them), and the whole catalog as CSV, out and in.
// Every write is audited in its transaction and clears the shop's cached
// product pages (plugins/app/catalog/product-admin-repository.ts).
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, IdParams } from '../../../contract/common.ts';
import {
  AdminProduct, AdminProductBody, AdminProductsPage, AdminProductsQuery, ArchiveBody, GiftRow, ImportQuery, ImportResult,
} from '../../../contract/admin-products.ts';
import { AppError } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { ok, responses, type Refusal } from '../helpers.ts';
import { adminRoute } from './common.ts';

/** The largest product body: six HTML texts of up to 10,000 characters, in Arabic 2 bytes each. */
const PRODUCT_BODY_LIMIT = 256 * 1024;
/** The largest CSV import: some 5,000 products with full descriptions. */
export const CSV_IMPORT_LIMIT = 16 * 1024 * 1024;

/** The refusals of a product's form, each with the field it names. */
const PRODUCT_REFUSALS: Refusal[] = [
  [422, 'name_en_required', 'name_en'], [422, 'name_ar_required', 'name_ar'], [422, 'price_invalid', 'price'],
  [422, 'price_invalid', 'price_after_sale'], [422, 'sale_price_not_below', 'price_after_sale'], [422, 'stock_invalid', 'stock'],
  [422, 'category_unknown', 'category_id'], [422, 'gift_required', 'gifts'], [422, 'gift_unknown_id', 'gifts'],
  [422, 'product_code_invalid', 'product_code'], [422, 'product_code_taken', 'product_code'],
  [422, 'smell_duplicate', 'smells'],
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const productAnswer = responses(Type.Object({ product: AdminProduct }));

  // The import's body is the CSV file as it is: its bytes, decoded (and refused when not UTF-8) by the repository.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_IMPORT_LIMIT }, (_request, body, done) => done(null, body));

  app.get('/admin/products', {
    ...owner, schema: {
      ...schema('Owner: the catalog, newest first (archived: last archived first; low stock: lowest first), searched by name in either language or by code.'),
      querystring: AdminProductsQuery, response: responses(AdminProductsPage),
    },
  }, async (request) => ok(t(request.lang, 'ok'), await app.productAdmin.list({ ...request.query, page: request.query.page ?? 1 })));

  app.post('/admin/products', {
    ...owner, bodyLimit: PRODUCT_BODY_LIMIT, schema: {
      ...schema('Owner: adds a product (without photos: the shop shows a placeholder until one is added). HTML is sanitized on save.', PRODUCT_REFUSALS),
      body: AdminProductBody, response: responses(Type.Object({ product: AdminProduct }), { status: 201 }),
    },
  }, async (request, reply) => {
    const product = await app.productAdmin.create(request.body, request.user!.id);
    reply.code(201);
    return ok(t(request.lang, 'product_created'), { product }, 201);
  });

  app.get('/admin/products/export', {
    ...owner, schema: {
      ...schema('Owner: every product as CSV (UTF-8 with a BOM, one line each, both languages; columns in docs/rules.md, "The catalog as CSV").'),
      produces: ['text/csv'], response: { 200: Type.String({ description: 'text/csv' }), 401: ErrorBody, 403: ErrorBody },
    },
  }, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply.type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="attar-products-${day}.csv"`)
      .send(await app.productAdmin.exportCsv());
  });

  app.post('/admin/products/import', {
    ...owner, schema: {
      ...schema('Owner: a CSV in the export\'s columns (body text/csv, UTF-8). Lines with an id, or a known product code, update that product; others add one. With dry_run=true: what it would do and every wrong line, nothing written. Without: every line in one transaction, or nothing when any line is wrong (422, with the same errors).', [
        [422, 'csv_not_utf8'], [422, 'csv_not_utf8', 'file'], [422, 'csv_empty'], [422, 'csv_empty', 'file'], [422, 'import_refused'],
      ]),
      consumes: ['text/csv'], querystring: ImportQuery,
      response: {
        ...responses(ImportResult),
        422: Type.Object({ ...ErrorBody.properties, data: Type.Optional(ImportResult) }),
      },
    },
  }, async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError(request.body === undefined ? 422 : 415, request.body === undefined ? 'csv_empty' : 'unsupported_media');
    }
    const dryRun = request.query.dry_run === true;
    const outcome = await app.productAdmin.importCsv(request.body, dryRun, request.user!.id, request.lang);
    const counts = { created: outcome.created, updated: outcome.updated, errors: outcome.errors };
    const wrong = new Set(outcome.errors.map((e) => e.line)).size;
    if (!dryRun && !outcome.written) {
      return reply.code(422).send({ status: 422, message: t(request.lang, 'import_refused', { wrong }), data: { ...counts, created: 0, updated: 0 } });
    }
    const message = dryRun
      ? t(request.lang, 'import_checked', { created: outcome.created, updated: outcome.updated, wrong })
      : t(request.lang, 'import_done', { created: outcome.created, updated: outcome.updated });
    return ok(message, counts);
  });

  app.get('/admin/products/:id', {
    ...owner, schema: { ...schema('Owner: one product, as the owner edits it.', [[404, 'product_not_found']]), params: IdParams, response: productAnswer },
  }, async (request) => ok(t(request.lang, 'ok'), { product: await app.productAdmin.get(request.params.id) }));

  app.put('/admin/products/:id', {
    ...owner, bodyLimit: PRODUCT_BODY_LIMIT, schema: {
      ...schema('Owner: replaces the product\'s fields (not its photos, not whether it is archived); only what changed is written and audited.', [[404, 'product_not_found'], ...PRODUCT_REFUSALS]),
      params: IdParams, body: AdminProductBody, response: productAnswer,
    },
  }, async (request) => ok(t(request.lang, 'product_saved'), { product: await app.productAdmin.update(request.params.id, request.body, request.user!.id) }));

  app.post('/admin/products/:id/archive', {
    ...owner, schema: {
      ...schema('Owner: takes the product off sale (it leaves the shop\'s lists, searches and home rows and cannot be added to a cart; orders keep it), or puts it back.', [[404, 'product_not_found']]),
      params: IdParams, body: ArchiveBody, response: productAnswer,
    },
  }, async (request) => {
    const { archived } = request.body;
    const product = await app.productAdmin.setArchived(request.params.id, archived, request.user!.id);
    return ok(t(request.lang, archived ? 'product_archived' : 'product_unarchived'), { product });
  });

  app.get('/admin/gifts', {
    ...owner, schema: { ...schema('Owner: the shop\'s gifts, which a "buy 2 get 1" product offers (AdminProduct.gifts holds their ids).'), response: responses(Type.Object({ gifts: Type.Array(GiftRow) })) },
  }, async (request) => ok(t(request.lang, 'ok'), { gifts: await app.productAdmin.gifts() }));
};

export default routes;
