// The owner's outbox (/api/admin/mails): every mail the shop sent or is
// sending (docs/mail.md), newest first, with why one failed; a failed mail
// can be sent again.
import { Type } from 'typebox';
import { Enum, Id, Nullable, Timestamp } from './common.ts';
import { Meta } from './catalog.ts';

export const MAIL_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;
export const MAIL_KINDS = ['password_reset', 'order_placed', 'order_status', 'order_cancelled'] as const;

export const OutboxQuery = Type.Object({
  status: Type.Optional(Enum(MAIL_STATUSES, { description: 'only the mails with this status' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
}, { additionalProperties: false });

export const OutboxMail = Type.Object({
  id: Id,
  kind: Enum(MAIL_KINDS),
  lang: Enum(['en', 'ar'] as const),
  to: Type.String(),
  subject: Type.String(),
  status: Enum(MAIL_STATUSES, { description: 'queued: waiting for its (next) try; sent: the mail server took it; logged: no SMTP_URL, written to the server\'s log; failed: refused at every try' }),
  attempts: Type.Integer({ minimum: 0 }),
  last_error: Nullable(Type.String({ description: 'the mail server\'s last answer' })),
  next_attempt_at: Nullable(Timestamp),
  created_at: Timestamp,
  sent_at: Nullable(Timestamp),
  order_number: Nullable(Type.String()),
});

export const OutboxMailDetail = Type.Object({
  ...OutboxMail.properties,
  html: Type.String({ description: 'the mail as HTML (no script; inline styles, no remote content)' }),
  text: Type.String({ description: 'its plain-text part' }),
});

export const OutboxList = Type.Object({
  mails: Type.Array(OutboxMail),
  meta: Meta,
  failed: Type.Integer({ description: 'how many mails failed in all, whatever the filter' }),
});
