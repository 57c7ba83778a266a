// The owner's photos of a product: read, upload, delete, reorder, choose the main one. Every call
// answers the product's photos as they are after it (`{ images, main_image_id }`). The upload is
// the API's only form upload: @fastify/multipart is registered in this file's scope alone, with a
// size limit enforced while the file streams in (the file is never held beyond MAX_IMAGE_BYTES).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { ImageOrderBody, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, ProductImageParams, ProductImages } from '../../../contract/admin-photos.ts';
import { AppError } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { ok, responses } from '../helpers.ts';
import { adminRoute } from './common.ts';

/** The form's field that carries the photo. */
const FIELD = 'image';

const photoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const answer = responses(ProductImages);

  await app.register(multipart, {
    // One file and nothing else; the file's size is counted as it arrives.
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.get('/admin/products/:id/images', {
    ...owner, schema: { ...schema('Owner: the product\'s photos in the shop\'s order, with their sizes, and which one is main.', [[404, 'product_not_found']]), params: IdParams, response: answer },
  }, async (request) => ok(t(request.lang, 'ok'), await app.productPhotos.list(request.params.id)));

  app.post('/admin/products/:id/images', {
    ...owner, schema: {
      ...schema(
        `Owner: adds a photo, sent as multipart/form-data with one file in the field "${FIELD}": a JPEG, PNG, WebP or AVIF-coded HEIF `
        + `(by its content, not its name), at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB and ${MAX_PRODUCT_IMAGES} photos a product. `
        + 'The server turns it upright, drops its metadata (GPS included) and stores it as WebP at 320, 640 and 1024 px wide '
        + '(never wider than it is). It goes last in the order; it is the main photo when the product had none.',
        [[404, 'product_not_found'], [413, 'image_too_large'], [415, 'image_not_multipart'], [422, 'image_missing', FIELD], [422, 'image_not_image', FIELD], [422, 'image_type', FIELD], [422, 'image_heic', FIELD],
          [422, 'image_damaged', FIELD], [422, 'image_too_many_pixels', FIELD], [422, 'images_too_many']],
      ),
      consumes: ['multipart/form-data'],
      params: IdParams,
      response: responses(ProductImages, { status: 201 }),
    },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, 'image_not_multipart');
    const missing = () => new AppError(422, 'image_missing', undefined, { [FIELD]: [{ key: 'image_missing' }] });
    const tooLarge = () => new AppError(413, 'image_too_large', { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });
    let file: Buffer | undefined;
    try {
      const part = await request.file();
      if (!part || part.fieldname !== FIELD) throw missing();
      file = await part.toBuffer();
      // toBuffer checks the limit only as chunks arrive: a file that passes it with its last
      // bytes comes back cut at the limit, marked truncated.
      if (part.file.truncated) throw tooLarge();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw missing();
      throw error;
    }
    if (file.length === 0) throw missing();
    const photos = await app.productPhotos.upload(request.params.id, file, request.user!.id);
    reply.code(201);
    return ok(t(request.lang, 'image_added'), photos, 201);
  });

  app.delete('/admin/products/:id/images/:imageId', {
    ...owner, schema: {
      ...schema('Owner: deletes a photo. Deleting the main one makes the next in the order main; with none left the shop shows its placeholder.', [
        [404, 'product_not_found'], [404, 'image_not_found'],
      ]),
      params: ProductImageParams, response: answer,
    },
  }, async (request) => ok(t(request.lang, 'image_deleted'), await app.productPhotos.remove(request.params.id, request.params.imageId, request.user!.id)));

  app.put('/admin/products/:id/images/order', {
    ...owner, schema: {
      ...schema('Owner: puts the product\'s photos in a new order: `ids` names each of them once.', [[404, 'product_not_found'], [422, 'image_order_mismatch']]),
      params: IdParams, body: ImageOrderBody, response: answer,
    },
  }, async (request) => ok(t(request.lang, 'images_reordered'), await app.productPhotos.reorder(request.params.id, request.body.ids, request.user!.id)));

  app.post('/admin/products/:id/images/:imageId/main', {
    ...owner, schema: {
      ...schema('Owner: makes a photo the product\'s main one: the shop\'s cards, cart and orders show it.', [[404, 'product_not_found'], [404, 'image_not_found']]),
      params: ProductImageParams, response: answer,
    },
  }, async (request) => ok(t(request.lang, 'image_made_main'), await app.productPhotos.makeMain(request.params.id, request.params.imageId, request.user!.id)));
};

export default photoRoutes;

