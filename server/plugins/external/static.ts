import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../app/error-handler.ts';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

function isApp(url: string): boolean {
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/');
}

/**
 * /media: the shop's images. The storefront build (dist/) when it exists:
 * hashed assets cached for a year, the shell and service worker never, and
 * every other app path answered with the shell so client routes work on reload.
 */
async function staticPlugin(app: FastifyInstance) {
  fs.mkdirSync(app.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=604800');
    },
  });

  const dist = app.config.distDir;
  const hasShell = fs.existsSync(path.join(dist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (NO_CACHE.has(name)) res.header('Cache-Control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    if (hasShell && (request.method === 'GET' || request.method === 'HEAD') && isApp(url) && !path.extname(url)) {
      reply.header('Cache-Control', 'no-cache');
      return (reply as FastifyReply & { sendFile(f: string): FastifyReply }).sendFile('index.html');
    }
    return sendError(reply, request.lang ?? 'en', 404, 'not_found');
  });
}

export default fp(staticPlugin, { name: 'static', dependencies: ['lang'] });
