// The Settings screen's form (screens/settings.tsx) without React: its fields as typed, numbers
// read in either digits ("٤٥" or "45", "٫" or "."), the checks made before sending, and the change
// sent (only the fields that differ from what the server said).
import { t } from '@lingui/core/macro';
import { GOVERNORATES } from '@contract/governorates';
import { isWholePiastres, MAX_DAYS, MAX_EGP, MAX_POINT_VALUE, normalizeMobile } from '@contract/settings-rules';
import { toLatinDigits } from '@contract/rules';
import { formatNumber } from '@/lib/money';
import type { Lang } from '@/lib/storage';
import type { SettingsChange, SettingsData } from './settings-api';

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** A number as a field starts with it: plain (no grouping), in the page's digits and decimal sign. */
export function inputDigits(latin: string, lang: Lang): string {
  return lang === 'ar' ? latin.replace(/[0-9]/g, (d) => ARABIC_DIGITS[Number(d)]).replace('.', '٫') : latin;
}

/**
 * What the owner typed, as a number: Eastern Arabic or Western digits, "٫" or "." for the decimals,
 * thousands separators and spaces ignored. Null when it is not a number.
 */
export function readNumber(raw: string): number | null {
  const text = toLatinDigits(raw).replace(/[٬,\s]/g, '').replace('٫', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** The form's text fields: each setting as typed. */
export const MONEY = ['shipping_fee', 'free_shipping_threshold', 'point_value'] as const;
export const WHOLE = ['standard_delivery_days', 'scheduled_min_days', 'scheduled_max_days', 'min_points_to_use', 'points_per_egp'] as const;
type MoneyField = (typeof MONEY)[number];
type WholeField = (typeof WHOLE)[number];
export type TextFields = Record<MoneyField | WholeField | 'wallet_phone', string>;

export interface Form {
  fields: TextFields;
  fees: Record<string, string>;
  closed: number[];
}

/** Saturday first: Egypt's working week (docs: EGYPT.md). */
export const WEEK = [6, 0, 1, 2, 3, 4, 5];

export function formOf(settings: SettingsData, lang: Lang): Form {
  const text = (value: number) => inputDigits(String(value), lang);
  const fields = Object.fromEntries([
    ...[...MONEY, ...WHOLE].map((field) => [field, text(settings[field])]),
    ['wallet_phone', inputDigits(settings.wallet_phone, lang)],
  ]) as TextFields;
  const fees = Object.fromEntries(GOVERNORATES.map((g) => [g.code, settings.governorate_fees[g.code] === null || settings.governorate_fees[g.code] === undefined ? '' : text(settings.governorate_fees[g.code]!)]));
  return { fields, fees, closed: [...settings.closed_weekdays].sort((a, b) => a - b) };
}

/** What the form asks the server to change, and the problems found before sending: field → message. */
export function changes(form: Form, saved: SettingsData, lang: Lang): { change: SettingsChange; problems: Record<string, string> } {
  const change: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  const money = (field: string, raw: string, max = MAX_EGP): number | null => {
    const value = readNumber(raw);
    if (raw.trim() === '') problems[field] = t`Required`;
    else if (value === null || value < 0) problems[field] = t`Enter an amount of 0 or more, like 60 or 60.50.`;
    else if (!isWholePiastres(value)) problems[field] = t`At most two decimals (piastres).`;
    else if (value > max) problems[field] = t`At most ${formatNumber(max, lang)}.`;
    else return value;
    return null;
  };
  for (const field of MONEY) {
    const value = money(field, form.fields[field], field === 'point_value' ? MAX_POINT_VALUE : MAX_EGP);
    if (field === 'point_value' && value === 0) problems[field] = t`A point must be worth at least 0.01.`;
    else if (value !== null && value !== saved[field]) change[field] = value;
  }
  for (const field of WHOLE) {
    const raw = form.fields[field];
    const value = readNumber(raw);
    const least = field === 'standard_delivery_days' ? 1 : 0;
    const most = field.endsWith('_days') ? MAX_DAYS : field === 'points_per_egp' ? 1000 : 10_000_000;
    if (raw.trim() === '') problems[field] = t`Required`;
    else if (value === null || !Number.isInteger(value) || value < least || value > most) {
      problems[field] = t`Enter a whole number from ${formatNumber(least, lang)} to ${formatNumber(most, lang)}.`;
    } else if (value !== saved[field]) change[field] = value;
  }
  const min = Number(change.scheduled_min_days ?? saved.scheduled_min_days);
  const max = Number(change.scheduled_max_days ?? saved.scheduled_max_days);
  if (!problems.scheduled_min_days && !problems.scheduled_max_days && max < min) {
    problems.scheduled_max_days = t`The latest day cannot come before the earliest.`;
  }
  const phone = normalizeMobile(form.fields.wallet_phone);
  if (!phone) problems.wallet_phone = t`Enter the wallet's mobile number: 11 digits starting with 010, 011, 012 or 015.`;
  else if (phone !== saved.wallet_phone) change.wallet_phone = phone;
  if (form.closed.length === 7) problems.closed_weekdays = t`At least one day of the week must stay open for delivery.`;
  else if (form.closed.join(',') !== [...saved.closed_weekdays].sort((a, b) => a - b).join(',')) change.closed_weekdays = form.closed;
  const fees: Record<string, number | null> = {};
  for (const { code } of GOVERNORATES) {
    const raw = form.fees[code];
    const value = raw.trim() === '' ? null : money(`governorate_fees.${code}`, raw);
    if (problems[`governorate_fees.${code}`]) continue;
    if (value !== (saved.governorate_fees[code] ?? null)) fees[code] = value;
  }
  if (Object.keys(fees).length) change.governorate_fees = fees;
  return { change: change as SettingsChange, problems };
}
