import type { FastifyInstance } from 'fastify';
import { LANGS, dirOf, type Lang } from '../../contract/lang.ts';
import { htmlToText, shortText as shorten } from '../../contract/html-text.ts';
import { PAGE_TEXTS, SHOP_NAME, categoryDescription, pageTitle, productDescription, type PageKind } from '../../i18n/page-heads.ts';
import type { DetailsEntry } from '../app/catalog/catalog-repository.ts';
import { scriptJson } from './storefront-render.ts';

/**
 * Each storefront page's head as the server sends it (docs/seo.md): its own
 * title, description, canonical address, the other language's address, Open
 * Graph and Twitter tags, and schema.org data (a product, the breadcrumbs),
 * in the page's language. Worked out from the repositories, not from the
 * React render: the render may be skipped (too many at once) or time out
 * (storefront-render.ts), and the plain shell then carries the same head.
 *
 * Every address is absolute from PUBLIC_URL (app.config.publicUrl), never
 * from the request's Host, which anyone can write.
 */

export interface PageHead {
  /** 404 for a product or category that does not exist; the page still goes (the app shows "not found") */
  status: number;
  /** the tags, in place of index.html's title and description */
  html: string;
}

/** A page's head before it is written out as tags. */
interface Head {
  status: number;
  title: string;
  description: string;
  /** the page's path (and `?page=`), without the language; null: a page not to be indexed (cart, account…) */
  path: string | null;
  type: 'website' | 'product';
  /** a path on this server, or null for the shop's icon */
  image: string | null;
  /** schema.org objects, each its own JSON-LD block */
  data: object[];
}

const OG_LOCALE: Record<Lang, string> = { en: 'en_US', ar: 'ar_EG' };

/** The page's picture when it has none of its own: the shop's icon, a PNG every link preview reads. */
const SHOP_IMAGE = '/icons/icon-512.png';

/** Text inside an element or an attribute's quotes: nothing in it can end either. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `?lang=` a URL names, if it names one of the shop's languages. */
export function queryLang(url: string): Lang | null {
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  const asked = new URLSearchParams(search).get('lang');
  return (LANGS as readonly string[]).includes(asked ?? '') ? (asked as Lang) : null;
}

/** A language's address of a page: the page's own path with `?lang=`, so each language is its own canonical page. */
export function pageUrl(base: string, path: string, lang: Lang | null): string {
  if (lang === null) return `${base}${path}`;
  return `${base}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** An absolute address on this shop, from a path the shop answers (a picture's '/media/…'). */
const absolute = (base: string, path: string) => (/^\/(?!\/)/.test(path) ? `${base}${path}` : null);

const LIST_PAGES: Record<string, PageKind> = { '/': 'home', '/products': 'products', '/offers': 'offers', '/bestSeller': 'bestSeller', '/about-us': 'about', '/contact-us': 'contact' };

/** The lists whose pages go on (`?page=2`): each page is its own canonical page, its filters are not. */
const PAGED = new Set(['/products', '/offers', '/bestSeller']);

const PRODUCT_PATH = /^\/products\/product-details\/([^/]+)$/;
const CATEGORY_PATH = /^\/products\/category\/([^/]+)$/;

/** An id as the routes take it (src/app/route-manifest.ts: digits), or 0 for none. */
const idOf = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : 0);

type Crumb = { name: string; path: string };

export class PageHeads {
  constructor(private readonly app: FastifyInstance) {}

  get #base() {
    return this.app.config.publicUrl.replace(/\/+$/, '');
  }

  /**
   * The head of the page at `url` (path and query, as requested) in `lang`. Each address is its
   * own canonical page: `?lang=ar` the Arabic one, the bare path the one that follows the stored
   * choice (x-default). docs/decisions.md, "Each language is its own page, addressed by ?lang=".
   */
  async head(url: string, lang: Lang): Promise<PageHead> {
    return this.#write(await this.#headOf(url, lang), lang, queryLang(url) === lang ? lang : null);
  }

  async #headOf(url: string, lang: Lang): Promise<Head> {
    const [rawPath, search = ''] = url.split('?', 2);
    const path = rawPath.replace(/\/+$/, '') || '/';
    const product = PRODUCT_PATH.exec(path);
    if (product) return this.#product(idOf(product[1]), lang);
    const category = CATEGORY_PATH.exec(path);
    if (category) return this.#category(idOf(category[1]), pagedPath(path, search), lang);
    const kind = LIST_PAGES[path];
    if (!kind) {
      // The cart, the account, checkout, an unknown path: the shop's name, not to be indexed (robots.txt keeps crawlers off the first ones).
      return { status: 200, title: SHOP_NAME[lang], description: PAGE_TEXTS.home.description[lang], path: null, type: 'website', image: null, data: [] };
    }
    const texts = PAGE_TEXTS[kind];
    let title = texts.title[lang];
    let description = texts.description[lang];
    let image: string | null = null;
    if (kind === 'about') {
      // The owner's own words, as the about page shows them.
      const [ownTitle, content] = await Promise.all([this.app.content.get('about_title', lang), this.app.content.get('about_content', lang)]);
      title = ownTitle.trim() || title;
      description = shorten(htmlToText(content)) || description;
      image = '/media/about.svg';
    }
    const own = PAGED.has(path) ? pagedPath(path, search) : path;
    const crumbs: Crumb[] = kind === 'home' ? [] : [this.#home(lang), { name: title, path: own }];
    return { status: 200, title: pageTitle(title, lang), description, path: own, type: 'website', image, data: this.#breadcrumbs(crumbs, lang) };
  }

  #home(lang: Lang): Crumb {
    return { name: SHOP_NAME[lang], path: '/' };
  }

  async #product(id: number, lang: Lang): Promise<Head> {
    const entry: DetailsEntry | null = id > 0 ? await this.app.catalog.details(id, lang) : null;
    if (!entry) {
      const texts = PAGE_TEXTS.productNotFound;
      return { status: 404, title: pageTitle(texts.title[lang], lang), description: texts.description[lang], path: null, type: 'website', image: null, data: [] };
    }
    const { OverView_Product: overview, Product_details: details } = entry.data;
    const path = `/products/product-details/${details.product_id}`;
    const name = overview.name;
    const description = shorten(htmlToText(overview.overview)) || shorten(htmlToText(overview.description)) || productDescription(name, lang);
    const url = pageUrl(this.#base, path, lang);
    const images = [overview.main_image, ...overview.images.map((image) => image.product_image)]
      .map((image) => absolute(this.#base, image)).filter((image): image is string => image !== null);
    const product: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      image: images,
      description: shorten(htmlToText(overview.description) || htmlToText(overview.overview), 5000) || description,
      sku: details.product_code || String(details.product_id),
      ...(details.model_number ? { mpn: details.model_number } : {}),
      brand: { '@type': 'Brand', name: SHOP_NAME[lang] },
      category: details.category_name,
      offers: {
        '@type': 'Offer',
        url,
        price: overview.product_after_sale.toFixed(2),
        priceCurrency: 'EGP',
        availability: overview.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    };
    // Only a reviewed product has a rating: schema.org's reviewCount of 0 is an error to search engines.
    if (entry.data.reviews_count > 0) {
      product.aggregateRating = { '@type': 'AggregateRating', ratingValue: details.reviews, reviewCount: entry.data.reviews_count, bestRating: 5, worstRating: 0.5 };
    }
    const crumbs = [
      this.#home(lang),
      { name: PAGE_TEXTS.products.title[lang], path: '/products' },
      { name: details.category_name, path: `/products/category/${details.category_id}` },
      { name, path },
    ];
    return {
      status: 200, title: pageTitle(name, lang), description, path, type: 'product', image: overview.main_image,
      data: [product, ...this.#breadcrumbs(crumbs, lang)],
    };
  }

  async #category(id: number, path: string, lang: Lang): Promise<Head> {
    const category = id > 0 ? await this.app.catalog.category(id, lang) : null;
    if (!category) {
      const texts = PAGE_TEXTS.categoryNotFound;
      return { status: 404, title: pageTitle(texts.title[lang], lang), description: texts.description[lang], path: null, type: 'website', image: null, data: [] };
    }
    const crumbs = [this.#home(lang), { name: PAGE_TEXTS.products.title[lang], path: '/products' }, { name: category.name, path }];
    return {
      status: 200, title: pageTitle(category.name, lang), description: categoryDescription(category.name, lang), path, type: 'website',
      image: category.image, data: this.#breadcrumbs(crumbs, lang),
    };
  }

  #breadcrumbs(crumbs: Crumb[], lang: Lang): object[] {
    if (crumbs.length < 2) return [];
    return [{
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: pageUrl(this.#base, crumb.path, lang) })),
    }];
  }

  #write(head: Head, lang: Lang, addressed: Lang | null): PageHead {
    const base = this.#base;
    const other: Lang = lang === 'ar' ? 'en' : 'ar';
    // Link previews (WhatsApp, Facebook, X) draw JPEG, PNG and WebP, not SVG (the demo's pictures)
    // nor, everywhere, AVIF: for those the preview shows the shop's icon.
    const previewable = head.image !== null && !/\.(svg|avif)(?:[?#]|$)/i.test(head.image) ? head.image : SHOP_IMAGE;
    const image = absolute(base, previewable) ?? `${base}${SHOP_IMAGE}`;
    const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      meta('name', 'description', head.description),
    ];
    if (head.path === null) tags.push(meta('name', 'robots', 'noindex'));
    else {
      const url = pageUrl(base, head.path, addressed);
      tags.push(
        `<link rel="canonical" href="${escapeHtml(url)}">`,
        ...LANGS.map((each) => `<link rel="alternate" hreflang="${each}" href="${escapeHtml(pageUrl(base, head.path!, each))}">`),
        // The address without a language follows the shopper's stored choice (the `lang` cookie), English at first.
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(base, head.path, null))}">`,
        meta('property', 'og:url', url),
      );
    }
    tags.push(
      meta('property', 'og:type', head.type),
      meta('property', 'og:site_name', SHOP_NAME[lang]),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:image', image),
      meta('property', 'og:locale', OG_LOCALE[lang]),
      meta('property', 'og:locale:alternate', OG_LOCALE[other]),
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
      meta('name', 'twitter:image', image),
      // A data block, never run: the page's Content-Security-Policy does not apply to it (docs/seo.md).
      ...head.data.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    );
    return { status: head.status, html: tags.join('') };
  }
}

/** A list's path with its page number past the first (`/products?page=2`), and nothing else of its query. */
function pagedPath(path: string, search: string): string {
  const page = idOf(new URLSearchParams(search).get('page') ?? '');
  return page > 1 ? `${path}?page=${page}` : path;
}

/**
 * A page with its own head: in its language (`<html lang dir>`, which the
 * plain shell has as index.html's English), index.html's title and
 * description taken out, the page's head in the title's place (early in the
 * head, before the render's styles), or after the charset where the page has
 * no title.
 */
export function withHead(page: string, head: string, lang: Lang): string {
  const without = page
    .replace(/<html\b[^>]*>/, `<html lang="${lang}" dir="${dirOf(lang)}">`)
    .replace(/[ \t]*<meta name="description"[^>]*>\n?/, '');
  if (/<title>[^<]*<\/title>/.test(without)) return without.replace(/<title>[^<]*<\/title>/, () => head);
  return without.replace('<meta charset="UTF-8" />', (charset) => `${charset}${head}`);
}
