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
