// The owner's categories: made, renamed in both languages, given one of the shop's images, moved on
// the home page. The shop's lists read them on every request; the product pages the catalog keeps
// in memory name their category, so every change forgets them.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { AdminCategory, CategoriesAnswer, CategoryBody } from '../../../contract/admin-categories.ts';
import { localized } from '../../../contract/lang.ts';
import { t } from '../../../i18n/messages.ts';
import { ok, responses } from '../helpers.ts';
import { adminRoute } from './common.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const answer = (status = 200) => responses(Type.Object({ category: AdminCategory }), { status });
  const refusals = [[422, 'category_name_taken', 'name_en'], [422, 'category_name_taken', 'name_ar'], [422, 'category_image_unknown', 'image']] as const;

  app.get('/admin/categories', {
    ...owner, schema: { ...schema('Owner: the categories in their order on the home page, and the shop\'s images one may show.'), response: responses(CategoriesAnswer) },
  }, async (request) => ok(t(request.lang, 'ok'), { categories: await app.categories.list(), images: await app.categories.images() }));

  app.post('/admin/categories', {
    ...owner, schema: { ...schema('Owner: makes a category (its slug from the English name); it shows in the shop at once.', [...refusals]), body: CategoryBody, response: answer(201) },
  }, async (request, reply) => {
    const category = await app.categories.create(request.body, request.user!.id);
    app.catalog.invalidateDetails();
    reply.code(201);
    return ok(t(request.lang, 'category_created', { name: localized(category, 'name', request.lang) }), { category }, 201);
  });

  app.put('/admin/categories/:id', {
    ...owner, schema: {
      ...schema('Owner: renames a category, changes its image or moves it (the others make room); the shop shows it on the next request.', [[404, 'category_not_found'], ...refusals]),
      params: IdParams, body: CategoryBody, response: answer(),
    },
  }, async (request) => {
    const category = await app.categories.update(request.params.id, request.body, request.user!.id);
    app.catalog.invalidateDetails();
    return ok(t(request.lang, 'category_saved', { name: localized(category, 'name', request.lang) }), { category });
  });
};

export default routes;
