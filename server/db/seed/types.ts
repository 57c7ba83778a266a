// The shape of the demo shop's content. The seed (server/db/seed/seed.ts) turns
// these records into rows; prices here are whole EGP for readability and become
// piastres on insert.

export interface Bilingual {
  en: string;
  ar: string;
}

export interface SeedCategory {
  /** stable key, kebab-case: used for image file names and product links */
  key: string;
  name: Bilingual;
  /** hue 0..359 for the generated image */
  hue: number;
}

export interface SeedGift {
  key: string;
  name: Bilingual;
  hue: number;
}

export interface SeedReview {
  /** index into SEED_REVIEWERS */
  reviewer: number;
  /** 0.5 .. 5 in steps of 0.5 */
  rate: number;
  /** written in the reviewer's own language; reviews are not translated */
  comment: string;
  /** days before the seed date */
  daysAgo: number;
}

export interface SeedProduct {
  key: string;
  category: string;
  name: Bilingual;
  /** short HTML (a <p> or two, maybe <strong>/<em>) */
  overview: Bilingual;
  /** longer HTML: <p>, <ul><li>, <strong> only */
  description: Bilingual;
  /** HTML: <ol><li> steps or <p> */
  howToUse: Bilingual;
  /** EGP, whole pounds */
  price: number;
  /** EGP; present only when on sale, lower than price */
  salePrice?: number;
  saleType: 'normal' | 'buy 2 get 1';
  stock: number;
  /** 0 or 3..6 options */
  smells: Bilingual[];
  /** gift keys; only for 'buy 2 get 1' products (2..4 each) */
  gifts?: string[];
  productCode: string;
  modelNumber: string;
  /** units sold before the seed: ranks the best sellers */
  unitsSold: number;
  /** how many extra gallery images (1..3) */
  galleryImages: number;
  /** how many how-to-use images (1..2) */
  howToUseImages: number;
  /** hue 0..359 for the generated images */
  hue: number;
  /** days before the seed date the product was added: ranks new arrivals */
  addedDaysAgo: number;
  reviews: SeedReview[];
}

export interface SeedReviewer {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export interface SeedContent {
  message_nav: Bilingual;
  hero_title: Bilingual;
  hero_subtitle: Bilingual;
  footer_description: Bilingual; // HTML
  about_title: Bilingual;
  about_content: Bilingual; // HTML
  links: { link_twitter: string; link_instegram: string; link_facebook: string };
}
