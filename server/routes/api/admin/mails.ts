// The owner's outbox: every mail the shop sent or is sending, and a failed
// one sent again (docs/mail.md, "The outbox"). Owner only: a forgotten
// password's mail holds a link that signs its reader in as the shopper.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { OutboxList, OutboxMailDetail, OutboxQuery } from '../../../contract/admin-mails.ts';
import { t } from '../../../i18n/messages.ts';
import { ok, responses } from '../helpers.ts';
import { adminRoute } from './common.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const mailAnswer = responses(Type.Object({ mail: OutboxMailDetail }));

  app.get('/admin/mails', {
    ...owner, schema: {
      ...schema('Owner: the outbox, newest first (a forgotten password\'s request shows once its mail is written), and how many mails failed.'),
      querystring: OutboxQuery, response: responses(OutboxList),
    },
  }, async (request) => ok(t(request.lang, 'ok'), await app.outbox.list(request.query.status, request.query.page ?? 1)));

  app.get('/admin/mails/:id', {
    ...owner, schema: { ...schema('Owner: one mail as it was sent, HTML and plain text.', [[404, 'mail_not_found']]), params: IdParams, response: mailAnswer },
  }, async (request) => ok(t(request.lang, 'ok'), { mail: await app.outbox.get(request.params.id) }));

  app.post('/admin/mails/:id/retry', {
    ...owner, schema: {
      ...schema('Owner: sends a failed mail again, its tries counted afresh. Audited.', [[404, 'mail_not_found'], [422, 'mail_not_failed']]),
      params: IdParams, response: mailAnswer,
    },
  }, async (request) => {
    const mail = await app.outbox.retry(request.params.id, request.user!.id);
    app.mail.kick();
    return ok(t(request.lang, 'mail_requeued'), { mail });
  });
};

export default routes;
