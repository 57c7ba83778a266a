import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { parseLang } from '../../i18n/messages.ts';

/** `lang: en|ar` on every request; English when absent or unknown. */
async function lang(app: FastifyInstance) {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = parseLang(request.headers.lang);
    done();
  });
}

export default fp(lang, { name: 'lang' });
