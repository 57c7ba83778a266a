import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { logTransport, MailQueue, smtpTransport } from '../../mail/mail-queue.ts';
import { PasswordResets } from './account/password-resets.ts';
import { OutboxRepository } from './back-office/outbox-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the outgoing mail: queued in the database, sent by every instance (docs/mail.md) */
    mail: MailQueue;
    passwordResets: PasswordResets;
    /** the owner's view of the mails (back office) */
    outbox: OutboxRepository;
  }
}

/** How often each instance looks for mail due (a retry's time, or what another instance queued). */
const MAIL_POLL_MS = 5_000;

async function mail(app: FastifyInstance) {
  const transport = app.config.smtpUrl ? smtpTransport(app.config.smtpUrl, app.config.mailFrom) : logTransport(app.log);
  app.decorate('mail', new MailQueue(app.db, transport, app.log));
  app.decorate('passwordResets', new PasswordResets(app.db, { accounts: app.accounts, tokens: app.tokens, mail: app.mail, publicUrl: app.config.publicUrl }));
  app.decorate('outbox', new OutboxRepository(app.db, app.audit, (kind) => app.mail.writes(kind)));
  app.addHook('onReady', async () => app.mail.start(MAIL_POLL_MS));
  app.addHook('onClose', async () => app.mail.stop());
}

export default fp(mail, { name: 'mail', dependencies: ['repositories'] });
