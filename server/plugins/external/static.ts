import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../app/error-handler.ts';
import { cookieLang, loadRenderer, type StorefrontRenderer } from './storefront-render.ts';
import { PageHeads, queryLang, withHead, type PageHead } from './page-head.ts';
import { langCookie } from '../../contract/lang.ts';
import { addVary } from '../../vary.ts';
import { MADE_FILE } from '../../services/image-variants.ts';

const NO_CACHE = new Set(['index.html', 'admin.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/** The build's own files that are not the storefront's: the server's render and Vite's manifest. */
const PRIVATE = /^\/(ssr|\.vite)(\/|$)/;

/** The back office's paths: its own page (admin.html), never the shop's shell (docs/architecture.md, "The back office"). */
const isBackOffice = (url: string) => url === '/admin' || url.startsWith('/admin/');

function isApp(url: string): boolean {
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/');
}

/**
 * /media: the shop's images. The storefront build (dist/) when it exists:
 * hashed assets cached for a year, the shell and service worker never, and
 * every other app path answered with the shell so client routes work on reload;
 * /admin and below with the back office's own page (admin.html).
 */
async function staticPlugin(app: FastifyInstance) {
  fs.mkdirSync(app.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders(res, filePath) {
      // An uploaded photo's sizes are named by their content: a new picture is a new name.
      if (MADE_FILE.test(path.basename(filePath))) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=604800');
    },
  });

  const dist = app.config.distDir;
  const hasShell = fs.existsSync(path.join(dist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      // '/' is an app path: answered below (appPage), with its first screen rendered.
      index: false,
      wildcard: true,
      allowedPath: (pathName) => !PRIVATE.test(pathName),
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (NO_CACHE.has(name)) res.header('Cache-Control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  const shell = hasShell ? fs.readFileSync(path.join(dist, 'index.html'), 'utf8') : '';
  let renderer: StorefrontRenderer | null = null;
  if (hasShell) {
    try {
      renderer = await loadRenderer(app, dist, shell, app.log);
    } catch (error) {
      app.log.error({ err: error }, 'the storefront render did not load; pages go without it');
    }
  }

  const heads = new PageHeads(app);

  /** The page's own head (docs/seo.md), or null when it could not be worked out: the shell's then stays. */
  async function headOf(request: FastifyRequest, lang: 'en' | 'ar'): Promise<PageHead | null> {
    try {
      return await heads.head(request.url, lang);
    } catch (error) {
      request.log.error({ err: error, url: request.url.split('?')[0] }, 'page head failed; the shell\'s was sent');
      return null;
    }
  }

  /**
   * An app path: the shell, with its first screen rendered where the screen is one the server
   * renders, and the page's own head either way. In the language the URL names (`?lang=ar`, which
   * becomes the shopper's choice: the cookie), else the cookie's.
   */
  async function appPage(request: FastifyRequest, reply: FastifyReply) {
    const asked = queryLang(request.url);
    const lang = asked ?? cookieLang(request.headers.cookie);
    // The page depends on the language cookie: a shared cache must not give one language's page for
    // the other. A `?lang=` page is in its URL's language whatever the cookie, and sets the cookie:
    // no shared cache keeps it (private).
    reply.header('Cache-Control', asked ? 'private, no-cache' : 'no-cache');
    addVary(reply, 'Cookie');
    if (asked) reply.header('set-cookie', langCookie(asked));
    let page: string | null = null;
    const head = headOf(request, lang);
    if (renderer && request.method === 'GET') {
      try {
        page = await renderer.page(request.url, lang);
      } catch (error) {
        request.log.error({ err: error, url: request.url.split('?')[0] }, 'storefront render failed; the shell was sent');
      }
    }
    const own = await head;
    const html = own ? withHead(page ?? shell, own.html, lang) : page ?? shell;
    return reply.code(own?.status ?? 200).type('text/html; charset=utf-8').send(html);
  }
  const adminPage = hasShell && fs.existsSync(path.join(dist, 'admin.html')) ? fs.readFileSync(path.join(dist, 'admin.html'), 'utf8') : null;

  // Home is a route of its own: the static files' wildcard would answer it as a directory.
  if (hasShell) app.get('/', appPage);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (adminPage !== null && read && isBackOffice(url)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(adminPage);
    }
    if (hasShell && read && isApp(url) && !path.extname(url)) return appPage(request, reply);
    return sendError(reply, request.lang ?? 'en', 404, 'not_found');
  });
}

export default fp(staticPlugin, { name: 'static', dependencies: ['lang'] });
