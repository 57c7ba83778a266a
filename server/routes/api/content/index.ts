import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContactBody } from '../../../contract/account.ts';
import { ERROR_RESPONSES, MessageOnly } from '../../../contract/common.ts';
import { emailProblem, normalizePhone } from '../../../contract/rules.ts';
import { FieldErrors } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { describe, ok, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/contact', {
    config: { rateLimit: { max: 20, timeWindow: 15 * 60 * 1000 } },
    schema: { tags: ['content'], description: describe('Sends a message to the shop. Limited per address (429).'), body: ContactBody, response: { 200: MessageOnly, ...ERROR_RESPONSES } },
  }, async (request) => {
    const { name, email, phone, message } = request.body;
    const errors = new FieldErrors();
    if (name.trim().length < 3) errors.add('name', name.trim() ? 'field_too_short' : 'field_required', { characters: 3 });
    errors.add('email', emailProblem(email));
    const normalized = normalizePhone(phone);
    errors.add('phone', phone.trim() === '' ? 'field_required' : normalized ? null : 'phone_invalid');
    if (message.trim().length < 10) errors.add('message', message.trim() ? 'field_too_short' : 'field_required', { characters: 10 });
    errors.throwIfAny();
    await app.content.saveContact({ name: name.trim(), email: email.trim().toLowerCase(), phone: normalized!, message: message.trim() });
    return ok(t(request.lang, 'contact_sent'), null);
  });

  app.get('/health', { schema: { tags: ['content'], response: responses(Type.Object({ db: Type.String() })) } }, async (request) => {
    await app.dbPing();
    return ok(t(request.lang, 'ok'), { db: 'ok' });
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};

export default routes;
