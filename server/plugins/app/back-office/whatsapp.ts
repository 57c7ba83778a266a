import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../../db/schema.ts';
import { parseLang } from '../../../contract/lang.ts';
import { formatMoney, LOCALES, t } from '../../../i18n/messages.ts';

const dayFormats = {
  en: new Intl.DateTimeFormat(LOCALES.en, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat(LOCALES.ar, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
};

/** An Egyptian mobile number (01xxxxxxxxx) in the international form wa.me wants: 201xxxxxxxxx. */
export function internationalPhone(phone: string): string {
  return `20${phone.replace(/^0/, '')}`;
}

/**
 * The message that confirms a cash-on-delivery order on WhatsApp, the way
 * Egyptian shops do: written in the language the shopper ordered in, with the
 * number, the count of pieces, the total, the payment and the delivery day;
 * and the wa.me link that opens a chat with it.
 */
export function whatsappConfirmation(order: Selectable<OrdersTable>, pieces: number) {
  const lang = parseLang(order.lang);
  const text = t(lang, 'whatsapp_confirm', {
    name: order.username.split(' ')[0],
    number: order.number,
    pieces,
    total: formatMoney(lang, order.total),
    payment: t(lang, order.payment === 'cach' ? 'pay_by_wallet' : 'pay_on_delivery'),
    day: dayFormats[lang].format(new Date(`${order.delivery_date}T00:00:00Z`)),
  });
  const phone = internationalPhone(order.phone);
  return { phone, text, url: `https://wa.me/${phone}?text=${encodeURIComponent(text)}` };
}
