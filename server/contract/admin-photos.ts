// The owner's photos of a product (/api/admin/products/{id}/images…): upload, delete, reorder and
// choose the main one. Every call answers the product's photos as they are after it.
import { Type } from 'typebox';
import { Id, Nullable } from './common.ts';
import { ImageVariant } from './images.ts';

/** The largest photo file the server takes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The most photos one product may have. */
export const MAX_PRODUCT_IMAGES = 12;
/** What the upload takes (checked by the file's content, never its name). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

/** One of a product's photos, as API.md's AdminProduct.images has it. */
export const AdminImage = Type.Object({
  id: Id,
  url: Type.String({ description: 'the picture at its largest size the server keeps (WebP for an upload)' }),
  width: Nullable(Type.Integer({ description: 'the photo as it shows (after the camera\'s rotation), in pixels; null for a picture the server did not make' })),
  height: Nullable(Type.Integer()),
  variants: Type.Array(ImageVariant, { description: 'smallest first; empty for a picture the server did not make' }),
});

export const ProductImages = Type.Object({
  product: Type.Object({ id: Id, name_en: Type.String(), name_ar: Type.String() }, { description: 'whose photos these are' }),
  images: Type.Array(AdminImage, { description: 'in the order the shop shows them after the main one' }),
  main_image_id: Nullable(Type.Integer({ minimum: 1, description: 'the main photo (the shop\'s cards, cart and orders show it); null: none, the shop shows its placeholder' })),
});

export const ProductImageParams = Type.Object({ id: Id, imageId: Id }, { additionalProperties: false });

export const ImageOrderBody = Type.Object({
  ids: Type.Array(Id, { maxItems: 100, description: 'every photo of the product, each once, in the new order (else 422 image_order_mismatch)' }),
}, { additionalProperties: false });
