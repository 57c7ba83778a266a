// The shop's mails, each in the language of the shopper it goes to
// (docs/mail.md). Texts come from the API's messages (i18n/messages.ts), in
// the same digits as the app.
import type { Lang } from '../contract/lang.ts';
import { t } from '../i18n/messages.ts';
import { button, mail, paragraph } from './layout.ts';

export function resetMail(lang: Lang, data: { name: string; link: string; minutes: number }) {
  return mail(lang, t(lang, 'mail_reset_subject'), [
    paragraph(t(lang, 'mail_hello', { name: data.name })),
    paragraph(t(lang, 'mail_reset_body', { minutes: data.minutes })),
    button(t(lang, 'mail_reset_button'), data.link),
    paragraph(t(lang, 'mail_reset_ignore')),
  ], t(lang, 'mail_footer'));
}
