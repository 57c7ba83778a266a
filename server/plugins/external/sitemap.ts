import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LANGS } from '../../contract/lang.ts';
import { escapeHtml, pageUrl } from './page-head.ts';

/**
 * /robots.txt and /sitemap.xml (docs/seo.md): where crawlers may go, and
 * every page worth finding in both languages, each language's address with
 * the other's as its alternate. Worked out from the database, so they are
 * served with or without a storefront build.
 */

/**
 * Products in one sitemap file. Each is two addresses (English and Arabic),
 * with the list pages and categories beside them in the first file: 2 × 20,000
 * and a few hundred stays under the sitemap's 50,000 addresses (and, at about
 * 500 bytes an address, its 50 MB).
 */
export const PRODUCTS_PER_PART = 20_000;

/** Products read at once while a part is written: a keyset page along the primary key. */
const PAGE = 1000;

/** The lists, as the route manifest has them (src/app/route-manifest.ts), each with its head (page-head.ts). */
export const SITEMAP_PAGES = ['/', '/products', '/offers', '/bestSeller', '/about-us', '/contact-us'] as const;

/**
 * What crawlers may not open: the cart, checkout, the account's pages and
 * the back office (the route manifest's signed-in, visitor-only and gated
 * routes, the cart and the wishlist; tests/server/sitemap.test.ts checks it
 * against the manifest). Nothing there is the same for two visitors, and
 * none of it is a page to find. /api stays open: a crawler that runs the
 * app's code asks it for the page's data.
 */
export const DISALLOWED = [
  '/admin', '/cart', '/payment-session', '/order-is-done', '/sign-in', '/sign-up', '/forgot-password', '/reset-password',
  '/myAccount', '/address', '/myOrders', '/trackOrders', '/trackAllOrders', '/wishlist',
] as const;

const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export class Sitemap {
  constructor(private readonly app: FastifyInstance, private readonly perPart = PRODUCTS_PER_PART) {}

  get #base() {
    return this.app.config.publicUrl.replace(/\/+$/, '');
  }

  robots(): string {
    return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${this.#base}/sitemap.xml`, ''].join('\n');
  }

  /**
   * How many files the products take: 1 is /sitemap.xml itself; more, an index of /sitemap-1.xml…
   * Part n holds the ids from (n - 1) × perPart + 1 to n × perPart: at most perPart products
   * (fewer where some are archived), found without counting the catalog or skipping through it.
   */
  async parts(): Promise<number> {
    return Math.max(1, Math.ceil((await this.app.catalog.lastProductId()) / this.perPart));
  }

  /** /sitemap.xml: the one file, or the index of the parts. */
  async main(): Promise<Readable> {
    const parts = await this.parts();
    if (parts === 1) return this.part(1);
    const entries = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${escapeHtml(`${this.#base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
    return Readable.from([`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex ${XMLNS}>`, ...entries, '</sitemapindex>\n']);
  }

  /** Part `n` (from 1) of the products; the first also holds the lists and the categories. */
  part(n: number): Readable {
    return Readable.from(this.#part(n));
  }

  async *#part(n: number): AsyncGenerator<string> {
    yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${XMLNS} xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
    if (n === 1) {
      yield SITEMAP_PAGES.map((path) => this.#entries(path)).join('');
      yield (await this.app.catalog.categoryIdsWithProducts()).map((id) => this.#entries(`/products/category/${id}`)).join('');
    }
    const last = n * this.perPart;
    let from: number | null = (n - 1) * this.perPart + 1;
    while (from !== null) {
      const ids = await this.app.catalog.onSalePage(from, last, PAGE);
      yield ids.map((id) => this.#entries(`/products/product-details/${id}`)).join('');
      from = ids.length === PAGE ? ids[ids.length - 1] + 1 : null;
    }
    yield '</urlset>\n';
  }

  /** A page's two addresses, each naming both languages and the address without one (x-default). */
  #entries(path: string): string {
    const alternates = [
      ...LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(pageUrl(this.#base, path, lang))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(this.#base, path, null))}"/>`,
    ].join('');
    return LANGS.map((lang) => `<url><loc>${escapeHtml(pageUrl(this.#base, path, lang))}</loc>${alternates}</url>\n`).join('');
  }
}

/** How long a written sitemap file is kept: crawlers read it a few times a day; a new product shows by then. */
const KEPT_MS = 10 * 60_000;

/**
 * Each file written whole once and kept (KEPT_MS), shared by the requests
 * that ask meanwhile: a file is up to 20,000 products read from the database,
 * which a stream of requests to it must not repeat; and written before it is
 * sent, a database failure answers an error, not half a file.
 */
function keptFiles(write: (n: number) => Promise<Readable>) {
  const kept = new Map<number, { text: Promise<string>; until: number }>();
  return (n: number): Promise<string> => {
    const entry = kept.get(n);
    if (entry && entry.until > Date.now()) return entry.text;
    const text = write(n).then(async (stream) => (await stream.toArray()).join(''));
    kept.set(n, { text, until: Date.now() + KEPT_MS });
    text.catch(() => {
      if (kept.get(n)?.text === text) kept.delete(n);
    });
    return text;
  };
}

async function sitemapPlugin(app: FastifyInstance) {
  const sitemap = new Sitemap(app);
  // 0: /sitemap.xml; n: /sitemap-n.xml.
  const file = keptFiles(async (n) => (n === 0 ? sitemap.main() : sitemap.part(n)));
  // Files for crawlers, not the API: out of its OpenAPI document.
  const hidden = { schema: { hide: true } };
  app.get('/robots.txt', hidden, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(sitemap.robots()));
  app.get('/sitemap.xml', hidden, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(await file(0)));
  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d{1,6}).xml', hidden, async (request, reply) => {
    const n = Number(request.params.part);
    if (n < 1 || n > (await sitemap.parts())) return reply.callNotFound();
    return reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(await file(n));
  });
}

export default fp(sitemapPlugin, { name: 'sitemap', dependencies: ['repositories'] });
