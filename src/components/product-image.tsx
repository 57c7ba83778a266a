import type { ImgHTMLAttributes } from 'react';
import { useDataSaver } from '@/lib/data-saver';
import { imageSources, type ImageSources, type PictureInfo } from '@/lib/image-sources';

export type { PictureInfo };

/**
 * A product picture's <img> attributes: the widths the server made of it (srcset, with `sizes`
 * saying how wide it shows), or with data saver on only the smallest; its stored width and height,
 * so its space is kept before it arrives; the URL alone for a picture without widths.
 */
export function useProductImage(src: string, picture: PictureInfo | undefined, box: { width: number; height: number }, sizes: string): ImageSources {
  return imageSources(src, picture, box, sizes, useDataSaver());
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  src: string;
  /** the picture's stored size and widths (pictureOf(answer, 'image')) */
  picture?: PictureInfo;
  /** the layout's size for a picture without one of its own (the ratio its space keeps) */
  width: number;
  height: number;
  /** how wide the picture shows, for the browser's choice of width: e.g. CARD_SIZES */
  sizes: string;
  alt: string;
};

/** A product's picture: one component for every place the shop shows one (cards, the product page, the cart, orders). */
export function ProductImage({ src, picture, width, height, sizes, alt, ...rest }: Props) {
  const sources = useProductImage(src, picture, { width, height }, sizes);
  // sizes and srcset before src: a browser that saw src first could start on the largest file.
  return <img {...rest} sizes={sources.sizes} srcSet={sources.srcSet} src={sources.src} width={sources.width} height={sources.height} alt={alt} />;
}
