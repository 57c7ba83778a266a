// A picture in the sizes the server made of it: what a product's image carries, besides its URL,
// wherever the shop shows it (cards, the product page, cart lines, order items). Optional
// everywhere: a picture the server did not make (the demo shop's SVGs) has none, and the
// storefront then shows the URL alone.
import { Type, type Static, type TArray, type TInteger, type TOptional } from 'typebox';

/** The widths the server makes of each photo (never wider than the photo itself). */
export const VARIANT_WIDTHS = [320, 640, 1024] as const;

export const ImageVariant = Type.Object({
  width: Type.Integer({ minimum: 1, description: 'pixels' }),
  height: Type.Integer({ minimum: 1, description: 'pixels' }),
  url: Type.String({ description: 'a content-hashed file under /media, cached for a year' }),
  type: Type.String({ description: 'its media type, e.g. image/webp' }),
}, { description: 'one size of a picture' });

export type ImageVariantData = Static<typeof ImageVariant>;

type ImageFields<P extends string> =
  & { [K in `${P}_width` | `${P}_height`]: TOptional<TInteger> }
  & { [K in `${P}_variants`]: TOptional<TArray<typeof ImageVariant>> };

/**
 * The fields that say a picture's size and sizes, named after the field that holds its URL
 * (`image` → `image_width`, `image_height`, `image_variants`); all three absent for a picture
 * the server did not make.
 */
export function imageFields<P extends string>(prefix: P): ImageFields<P> {
  return {
    [`${prefix}_width`]: Type.Optional(Type.Integer({ minimum: 1, description: `the width of ${prefix} as it shows, in pixels` })),
    [`${prefix}_height`]: Type.Optional(Type.Integer({ minimum: 1, description: `the height of ${prefix}, in pixels` })),
    [`${prefix}_variants`]: Type.Optional(Type.Array(ImageVariant, { description: `${prefix} in other sizes, smallest first (for srcset)` })),
  } as ImageFields<P>;
}
