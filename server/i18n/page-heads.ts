// The texts of the storefront's page heads (server/plugins/external/page-head.ts), in both
// languages: each page's title and description as search engines and link previews read them.
// The storefront keeps the same texts in its Lingui catalogs, for the head as the shopper
// navigates (src/lib/page-title.ts); tests/server/page-head.test.ts checks that both say the
// same, word for word, in both languages. docs/seo.md.
import type { Lang } from '../contract/lang.ts';

type Texts = Record<Lang, string>;

/** The shop's name, as the end of every title ("Offers | Attar") and og:site_name. */
export const SHOP_NAME: Texts = { en: 'Attar', ar: 'عطّار' };

/** Each list page's title (the same as its screen's h1 and tab title) and description. */
export const PAGE_TEXTS = {
  home: {
    title: { en: 'Perfumes, oud and bakhoor in Egypt', ar: 'عطور وعود وبخور في مصر' },
    description: {
      en: 'Attar: perfumes, oud, bakhoor and gifts delivered anywhere in Egypt.',
      ar: 'عطّار: عطور وعود وبخور وهدايا بتوصيل لكل مصر.',
    },
  },
  products: {
    title: { en: 'Products', ar: 'المنتجات' },
    description: {
      en: 'Every perfume, oud, bakhoor and gift at Attar, with prices in Egyptian pounds and delivery anywhere in Egypt.',
      ar: 'كل العطور والعود والبخور والهدايا في عطّار، بالأسعار بالجنيه المصري وتوصيل لكل مصر.',
    },
  },
  offers: {
    title: { en: 'Offers', ar: 'العروض' },
    description: {
      en: 'Perfumes, oud and bakhoor on sale at Attar, and buy 2 get 1 offers, delivered anywhere in Egypt.',
      ar: 'عطور وعود وبخور بخصم في عطّار، وعروض «اشترِ ٢ واحصل على ١»، بتوصيل لكل مصر.',
    },
  },
  bestSeller: {
    title: { en: 'Best sellers', ar: 'الأكثر مبيعاً' },
    description: {
      en: 'The perfumes, oud and bakhoor Attar\'s shoppers buy most, delivered anywhere in Egypt.',
      ar: 'العطور والعود والبخور الأكثر طلبًا من زبائن عطّار، بتوصيل لكل مصر.',
    },
  },
  about: {
    title: { en: 'About us', ar: 'من نحن' },
    description: {
      en: 'Who we are at Attar: perfumes, oud and bakhoor chosen with care and delivered anywhere in Egypt.',
      ar: 'من نحن في عطّار: عطور وعود وبخور مختارة بعناية، بتوصيل لكل مصر.',
    },
  },
  contact: {
    title: { en: 'Contact us', ar: 'اتصل بنا' },
    description: {
      en: 'Write to Attar about an order, a product or a gift: we answer by phone or mail.',
      ar: 'راسل عطّار بخصوص طلب أو منتج أو هدية: نرد عليك بالهاتف أو بالبريد.',
    },
  },
  productNotFound: {
    title: { en: 'Product not found', ar: 'المنتج غير موجود' },
    description: {
      en: 'This product is not in Attar\'s shop. See every perfume, oud and bakhoor in the products list.',
      ar: 'هذا المنتج غير موجود في عطّار. تصفّح كل العطور والعود والبخور في قائمة المنتجات.',
    },
  },
  categoryNotFound: {
    title: { en: 'Category not found', ar: 'القسم غير موجود' },
    description: {
      en: 'This category is not in Attar\'s shop. See every perfume, oud and bakhoor in the products list.',
      ar: 'هذا القسم غير موجود في عطّار. تصفّح كل العطور والعود والبخور في قائمة المنتجات.',
    },
  },
} satisfies Record<string, { title: Texts; description: Texts }>;

export type PageKind = keyof typeof PAGE_TEXTS;

/** A category's description, with its name: the category's own words are only its name. */
export const categoryDescription = (name: string, lang: Lang) => lang === 'ar'
  ? `${name} من عطّار، بالأسعار بالجنيه المصري وتوصيل لكل مصر.`
  : `${name} at Attar, with prices in Egyptian pounds and delivery anywhere in Egypt.`;

/** A product's description when it has no overview of its own. */
export const productDescription = (name: string, lang: Lang) => lang === 'ar'
  ? `${name} من عطّار، بتوصيل لكل مصر.`
  : `${name} at Attar, delivered anywhere in Egypt.`;

/** The title of a page: "Offers | Attar". */
export const pageTitle = (title: string, lang: Lang) => `${title} | ${SHOP_NAME[lang]}`;
