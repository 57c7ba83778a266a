// The back office's categories (/api/admin/categories), for the owner: their names in both
// languages, their image, and their place on the home page.
import { Type } from 'typebox';
import { Id, Text } from './common.ts';

/** An image of the shop: an address under /media/ (the server checks the file is there). */
export const MEDIA_IMAGE_PATTERN = '^/media/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\\.(?:svg|png|jpe?g|webp|avif)$';

export const AdminCategory = Type.Object({
  id: Id,
  slug: Type.String({ description: 'unique, made from the English name when the category is made; it stays when the category is renamed' }),
  name_en: Type.String(),
  name_ar: Type.String(),
  image: Type.String(),
  position: Type.Integer({ minimum: 1, description: 'its place on the home page and in the lists, 1 first' }),
  products_count: Type.Integer(),
});

const name = (lang: string) => Text(60, { minLength: 1, description: `the name in ${lang}; no other category has it` });

const fields = {
  name_en: name('English'),
  name_ar: name('Arabic'),
  image: Type.Optional(Text(300, {
    pattern: MEDIA_IMAGE_PATTERN, message: 'category_image_unknown',
    description: 'one of the shop\'s images, by its address (/media/…); on a new category without one, a plain tile. Uploading is not offered here: choose one of `images`.',
  })),
  position: Type.Optional(Type.Integer({
    minimum: 1, maximum: 10000,
    description: 'its place, 1 first: the others move to make room; past the last, it goes last. A new category without one goes last; an edit without one keeps its place.',
  })),
};

export const CategoryBody = Type.Object(fields, { additionalProperties: false });

export const CategoriesAnswer = Type.Object({
  categories: Type.Array(AdminCategory, { description: 'in their order on the home page' }),
  images: Type.Array(Type.String(), { description: 'the shop\'s images a category may show: those of the categories and the products' }),
});
