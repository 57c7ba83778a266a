import type { Lang } from './storage';

const LOCALE: Record<Lang, string> = { en: 'en-EG', ar: 'ar-EG' };

const dayFormats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const timeFormats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};

/**
 * A calendar day of the API (`YYYY-MM-DD`, a Cairo day) as the shopper reads
 * it: "Sat, 28 Nov 2026", or in Arabic with Eastern digits. Formatted in UTC
 * so the day never shifts with the device's time zone.
 */
export function formatDay(day: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  dayFormats[lang] ??= new Intl.DateTimeFormat(LOCALE[lang], { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormats[lang].format(date);
}

/** A timestamp (ISO 8601) as a Cairo date and time: "21 Nov 2026, 10:42 AM". */
export function formatTimestamp(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  timeFormats[lang] ??= new Intl.DateTimeFormat(LOCALE[lang], { timeZone: 'Africa/Cairo', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  return timeFormats[lang].format(date);
}

/** The shop's time zone: its calendar days are Cairo's. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';

const chipFormats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const monthFormats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const longFormats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};

/**
 * A `YYYY-MM-DD` Cairo day as an instant inside it: noon UTC is between 10:00
 * and 15:00 in Cairo whatever its offset, so formatting it in the shop's zone
 * names the same day on any device. Null for anything else.
 */
function cairoNoon(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return date.toISOString().slice(0, 10) === day ? date : null;
}

/** A delivery day's two parts as the day picker shows them: its weekday ("Thu") and its date ("10 Dec"). */
export function shortDayParts(day: string, lang: Lang): { weekday: string; date: string } {
  const date = cairoNoon(day);
  if (!date) return { weekday: '', date: day };
  chipFormats[lang] ??= new Intl.DateTimeFormat(LOCALE[lang], { timeZone: SHOP_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
  const parts = chipFormats[lang].formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), date: `${part('day')} ${part('month')}` };
}

/**
 * A delivery day as the day picker names it, short and the same shape in both
 * languages: "Thu 10 Dec", "الخميس ١٠ ديسمبر" (Eastern digits in Arabic).
 */
export function formatShortDay(day: string, lang: Lang): string {
  const { weekday, date } = shortDayParts(day, lang);
  return weekday ? `${weekday} ${date}` : date;
}

/** The month a day falls in, with its year: "December 2026", "ديسمبر ٢٠٢٦". */
export function formatMonth(day: string, lang: Lang): string {
  const date = cairoNoon(day);
  if (!date) return day;
  monthFormats[lang] ??= new Intl.DateTimeFormat(LOCALE[lang], { timeZone: SHOP_TIME_ZONE, month: 'long', year: 'numeric' });
  return monthFormats[lang].format(date);
}

/**
 * A day in full words, for a summary, day before month as the shop writes
 * days: "Thursday 10 December 2026", "الخميس، ١٠ ديسمبر ٢٠٢٦".
 */
export function formatLongDay(day: string, lang: Lang): string {
  const date = cairoNoon(day);
  if (!date) return day;
  longFormats[lang] ??= new Intl.DateTimeFormat(LOCALE[lang], { timeZone: SHOP_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const parts = longFormats[lang].formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}${lang === 'ar' ? '،' : ''} ${part('day')} ${part('month')} ${part('year')}`;
}
