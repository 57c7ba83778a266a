// Which file an <img> of a product's picture asks for: the server makes each uploaded photo in a
// few widths (WebP; server/services/image-variants.ts) and names them next to the picture's URL
// (`image` → image_width, image_height, image_variants). With them, the browser picks the width
// the picture shows at (srcset and sizes); with data saver on, the smallest, and only it; without
// them (the demo shop's SVGs), the URL alone. Plain functions: the boot script preloads with them.
import type { ImageVariantData } from '@contract/images';

/** A picture's stored size and its widths, as the API names them; all absent for a picture without variants. */
export interface PictureInfo {
  width?: number;
  height?: number;
  variants?: readonly ImageVariantData[];
}

/** The attributes an <img> (or a preload) takes for a picture. */
export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** How wide a product card's picture shows: half the screen on a phone, at most about 300 px on a wide one. */
export const CARD_SIZES = '(min-width: 900px) 300px, 50vw';
/** How wide the product page's pictures show: the whole screen on a phone, beside the text on a wide one. */
export const PRODUCT_PAGE_SIZES = '(min-width: 900px) 540px, 100vw';

const WEBP = 'image/webp';

/**
 * The <img>'s `src`, `srcSet`, `sizes`, `width` and `height` for the picture at `src`: `box` is the
 * size the layout gives when the picture has no size of its own (its ratio keeps the space).
 */
export function imageSources(src: string, picture: PictureInfo | undefined, box: { width: number; height: number }, sizes: string, saveData: boolean): ImageSources {
  // Smallest first, as the API gives them (no sorting here: the boot script carries this code).
  const widths = (picture?.variants ?? []).filter((v) => v.type === WEBP);
  if (widths.length === 0 || !picture?.width || !picture.height) return { src, width: box.width, height: box.height };
  const { width, height } = picture;
  if (saveData) return { src: widths[0].url, width, height };
  return { src: widths[widths.length - 1].url, srcSet: widths.map((v) => `${v.url} ${v.width}w`).join(', '), sizes, width, height };
}

type Named<P extends string> = Partial<Record<`${P}_width` | `${P}_height`, number> & Record<`${P}_variants`, readonly ImageVariantData[]>>;

/** The picture's size and widths in an answer's object, named after the field that holds its URL. */
export function pictureOf<P extends string>(data: Named<P>, field: P): PictureInfo {
  const named = data as Record<string, unknown>;
  return {
    width: named[`${field}_width`] as number | undefined,
    height: named[`${field}_height`] as number | undefined,
    variants: named[`${field}_variants`] as readonly ImageVariantData[] | undefined,
  };
}
