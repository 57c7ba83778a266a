// The shop's texts, for the owner: the banner, the home page's hero, the footer and its links, the
// about page, in English and Arabic. The HTML is sanitized as it is saved (the storefront's rules);
// the server's copy of the texts is replaced at once, so the next page shows the change.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminContent, ContentBody } from '../../../contract/admin-content.ts';
import { CONTENT_LINK_KEYS } from '../../../contract/content-fields.ts';
import { FieldErrors } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { ok, responses } from '../helpers.ts';
import { adminRoute } from './common.ts';

/** Read as the browser reads it: an https address with a host. */
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const answer = responses(Type.Object({ content: AdminContent }));

  app.get('/admin/content', {
    ...owner, schema: { ...schema('Owner: the shop\'s texts in both languages, and the footer\'s links.'), response: answer },
  }, async (request) => ok(t(request.lang, 'ok'), { content: await app.content.fields() }));

  app.put('/admin/content', {
    ...owner, schema: {
      ...schema('Owner: saves the texts sent (the others stay). HTML keeps only the storefront\'s text markup and safe links; the shop shows the change on its next page.',
        CONTENT_LINK_KEYS.map((field) => [422, 'link_https', field] as const)),
      body: ContentBody, response: answer,
    },
  }, async (request) => {
    const errors = new FieldErrors();
    for (const field of CONTENT_LINK_KEYS) {
      const value = request.body[field];
      if (value !== undefined && !isHttpsUrl(value)) errors.add(field, 'link_https');
    }
    errors.throwIfAny();
    const changed = await app.content.update(request.body, request.user!.id);
    return ok(t(request.lang, changed.length > 0 ? 'content_saved' : 'content_unchanged'), { content: await app.content.fields() });
  });
};

export default routes;
