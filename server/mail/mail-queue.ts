// The shop's outgoing mail (docs/mail.md): every mail is a row of `mails`
// written in the transaction of what it tells (or on its own), then sent by a
// sender that runs in every server instance. Sending never blocks or fails
// the request that queued it; a mail the SMTP server refuses is tried again
// later, and one that keeps failing stays in the owner's outbox as failed.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Q } from '../db/database.ts';
import type { Lang } from '../contract/lang.ts';

export type MailKind = 'password_reset' | 'order_placed' | 'order_status' | 'order_cancelled';

export interface Outgoing { to: string; subject: string; html: string; text: string }

/** Where mails go: an SMTP server, or the server's log when there is none. */
export interface Transport {
  readonly kind: 'smtp' | 'log';
  send(mail: Outgoing): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string, from: string): Transport {
  // Short waits: a sender stuck on a silent server holds its claim, not a request.
  const transporter = nodemailer.createTransport(url, { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as never);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL (the demo): the mail's recipient, subject and links in the log; the outbox holds the rest. */
export function logTransport(log: FastifyBaseLogger): Transport {
  return {
    kind: 'log',
    async send(mail) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ event: 'mail', to: mail.to, subject: mail.subject, links }, `mail to ${mail.to} (no SMTP_URL: written here and to the owner's outbox): ${mail.subject}${links.length ? ` ${links.join(' ')}` : ''}`);
    },
    close: () => {},
  };
}

/** A mail ready to queue. */
export interface NewMail extends Outgoing {
  kind: MailKind;
  lang: Lang;
  userId?: number | null;
  orderId?: number | null;
}

/** The row a sender holds while it sends. */
export interface ClaimedMail {
  id: number; kind: string; lang: string; to_address: string; subject: string; html: string; text: string; attempts: number;
}

/**
 * Writes what a queued mail does not hold yet (a password reset: the
 * account, the link): answers the mail to send, or null when there is none
 * to send (no such account), and the row is dropped.
 */
export type Prepare = (mail: ClaimedMail, now: number) => Promise<Outgoing | null>;

/**
 * A kind of mail the sender writes itself, at each try (a password reset: its
 * link works 30 minutes, fewer than the retries take).
 */
export interface Writer {
  write: Prepare;
  /** A written mail that was not sent: undo what it held (spend its link); it is written afresh for its next try. */
  unsent(text: string, now: number): Promise<void>;
  /** What of it the outbox keeps once an SMTP server took it: the link was the shopper's alone. */
  sent(text: string): string;
}

/** Queues a mail in `q`'s transaction: any instance's sender sends it once it is committed. */
export async function queueMail(q: Q, mail: NewMail, now = Date.now()): Promise<void> {
  await q.insertInto('mails').values({
    kind: mail.kind, lang: mail.lang, to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text,
    status: 'queued', attempts: 0, next_attempt_at: now, locked_until: null, last_error: null,
    user_id: mail.userId ?? null, order_id: mail.orderId ?? null, created_at: new Date(now).toISOString(), sent_at: null,
  }).execute();
}

/** After the nth failed try, the next one waits this long; after the last, the mail has failed. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;
/** How long a sender's claim on a mail lasts: a sender that died lets it go after this. */
const CLAIM_MS = 2 * 60_000;

export class MailQueue {
  #running: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  readonly #writers = new Map<string, Writer>();

  constructor(private readonly db: Db, readonly transport: Transport, private readonly log: FastifyBaseLogger) {}

  /** Whether the sender writes this kind's mails itself, at each try. */
  writes(kind: string): boolean {
    return this.#writers.has(kind);
  }

  /** The mails of one kind are written by the sender, at each try. */
  writer(kind: MailKind, writer: Writer) {
    this.#writers.set(kind, writer);
  }

  /** Queues a mail in `q`'s transaction; `kick()` once it is committed. */
  add(q: Q, mail: NewMail, now = Date.now()): Promise<void> {
    return queueMail(q, mail, now);
  }

  /** Sends what is due soon, without waiting for it. */
  kick() {
    this.drain().catch((error: unknown) => this.log.warn({ err: error }, 'sending mail failed'));
  }

  /** Sends what is due every `everyMs` (and at once). */
  start(everyMs: number) {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = setInterval(() => this.kick(), everyMs);
    this.#timer.unref();
    this.kick();
  }

  /** Stops looking, lets what is being sent finish, and closes the connection to the mail server. */
  async stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running.catch(() => {});
    this.transport.close();
  }

  /**
   * Sends every mail due at `now`, after what this instance is already
   * sending: one drain at a time here, and each mail claimed in the database,
   * so instances never send one twice.
   */
  drain(now = Date.now()): Promise<void> {
    const run = this.#running.catch(() => {}).then(() => this.#drainDue(now));
    this.#running = run;
    return run;
  }

  async #drainDue(now: number) {
    for (;;) {
      const due = await this.db.selectFrom('mails').select('id')
        .where('status', '=', 'queued').where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at').orderBy('id').limit(20).execute();
      let claimed = 0;
      for (const { id } of due) {
        const mail = await this.#claim(id, now);
        if (!mail) continue;
        claimed++;
        await this.#send(mail, now);
      }
      if (claimed === 0) return;
    }
  }

  /** Takes a due mail for this sender, unless another holds it: one conditional write, on either database. */
  async #claim(id: number, now: number): Promise<ClaimedMail | undefined> {
    const taken = await this.db.updateTable('mails')
      .set((eb) => ({ locked_until: now + CLAIM_MS, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id).where('status', '=', 'queued').where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return undefined;
    return this.db.selectFrom('mails').select(['id', 'kind', 'lang', 'to_address', 'subject', 'html', 'text', 'attempts'])
      .where('id', '=', id).executeTakeFirst();
  }

  async #send(mail: ClaimedMail, now: number) {
    let outgoing: Outgoing | null = { to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text };
    const writer = this.#writers.get(mail.kind);
    try {
      if (writer && mail.html === '') {
        outgoing = await writer.write(mail, now);
        if (!outgoing) {
          await this.db.deleteFrom('mails').where('id', '=', mail.id).execute();
          return;
        }
      }
      await this.transport.send(outgoing);
    } catch (error) {
      const failed = mail.attempts >= MAX_ATTEMPTS;
      // The SMTP server's answer (a code and its words), never a stack.
      const reason = String((error as { response?: unknown; message?: unknown })?.response ?? (error as Error)?.message ?? error).slice(0, 300);
      this.log.warn({ event: 'mail_failed', mailId: mail.id, attempts: mail.attempts, failed, reason }, 'a mail was not sent');
      // A mail its sender writes is written afresh for its next try (a new link, the old one spent).
      if (writer && outgoing && outgoing.html !== '') await writer.unsent(outgoing.text, now);
      await this.db.updateTable('mails').set({
        status: failed ? 'failed' : 'queued', locked_until: null, last_error: reason,
        next_attempt_at: failed ? now : now + RETRY_AFTER_MS[mail.attempts - 1],
        ...(writer ? { subject: '', html: '', text: '' } : {}),
      }).where('id', '=', mail.id).execute();
      return;
    }
    const logged = this.transport.kind === 'log';
    await this.db.updateTable('mails').set({
      status: logged ? 'logged' : 'sent', locked_until: null, last_error: null, sent_at: new Date(now).toISOString(),
      // Sent by mail, what was the shopper's alone (a reset link) leaves the outbox; without a mail
      // server (the demo) the outbox and the log are how the link is read.
      ...(writer && !logged ? { html: writer.sent(outgoing.html), text: writer.sent(outgoing.text) } : {}),
    }).where('id', '=', mail.id).execute();
  }
}
