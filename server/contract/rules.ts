// Validation rules shared by the server and the storefront's forms. Pure:
// each returns the key of the message that explains the problem, or null.

const EASTERN_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Shoppers type Eastern Arabic digits on Arabic keyboards: read them as 0-9. */
export function toLatinDigits(value: string): string {
  return value.replace(/[٠-٩۰-۹]/g, (d) => {
    const i = EASTERN_DIGITS.indexOf(d);
    return String(i >= 0 ? i : PERSIAN_DIGITS.indexOf(d));
  });
}

/**
 * An Egyptian phone as 11 digits (01XXXXXXXXX). Accepts Eastern Arabic
 * digits, spaces and dashes, and a +20 / 0020 prefix. Null when it is not 11 digits.
 */
export function normalizePhone(value: string): string | null {
  let digits = toLatinDigits(value).replace(/[\s\-()]/g, '');
  if (digits.startsWith('+20')) digits = '0' + digits.slice(3);
  else if (digits.startsWith('0020')) digits = '0' + digits.slice(4);
  return /^\d{11}$/.test(digits) ? digits : null;
}

// Arabic letters without tatweel (U+0640), which only stretches a word; the
// marks (harakat, shadda, dagger alif) and tatweel may decorate a name but do
// not count as its letters.
const LETTER = /[A-Za-z\u0621-\u063A\u0641-\u064A\u0671-\u06D3]/g;
const DECORATION = /[\u0640\u064B-\u065F\u0670]/g;
const NAME_CHARS = /^[A-Za-z\u0621-\u063A\u0641-\u064A\u0671-\u06D3\u0640\u064B-\u065F\u0670]+$/;

function isName(word: string): boolean {
  return NAME_CHARS.test(word) && (word.replace(DECORATION, '').match(LETTER)?.length ?? 0) >= 3;
}

/** One name of at least 3 letters, Latin or Arabic (sign-up first and last name). */
export function oneNameProblem(value: string): 'field_required' | 'name_one_word' | null {
  const v = value.trim();
  if (!v) return 'field_required';
  return isName(v) ? null : 'name_one_word';
}

/** At least two words of at least 3 letters each, separated by spaces (checkout name). */
export function twoNamesProblem(value: string): 'field_required' | 'name_two_words' | null {
  const v = value.trim();
  if (!v) return 'field_required';
  const words = v.split(/\s+/);
  return words.length >= 2 && words.every(isName) ? null : 'name_two_words';
}

export function emailProblem(value: string): 'field_required' | 'email_invalid' | null {
  const v = value.trim();
  if (!v) return 'field_required';
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v) && v.length <= 254 ? null : 'email_invalid';
}

export function passwordProblem(password: string, confirmation: string): 'password_short' | 'password_mismatch' | null {
  if (password.length < 6) return 'password_short';
  return password === confirmation ? null : 'password_mismatch';
}

export type BirthDateProblem =
  | 'field_required' | 'date_invalid' | 'month_invalid' | 'day_invalid'
  | 'february_days' | 'month_30_days' | 'year_invalid' | 'too_young';

/**
 * Birth date YYYY-MM-DD: day 1-31, month 1-12, February at most 29 days,
 * April/June/September/November at most 30, a real year, and at least 10
 * years before `today`.
 */
export function birthDateProblem(value: string, today: string): BirthDateProblem | null {
  const v = toLatinDigits(value.trim());
  if (!v) return 'field_required';
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (!m) return 'date_invalid';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const currentYear = Number(today.slice(0, 4));
  if (month < 1 || month > 12) return 'month_invalid';
  if (day < 1 || day > 31) return 'day_invalid';
  if (month === 2 && day > 29) return 'february_days';
  if ([4, 6, 9, 11].includes(month) && day > 30) return 'month_30_days';
  if (year < 1900 || year > currentYear) return 'year_invalid';
  const tenth = `${String(year + 10).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (tenth > today) return 'too_young';
  return null;
}

export function normalizeBirthDate(value: string): string {
  const [y, m, d] = toLatinDigits(value.trim()).split('-');
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** One key per account for rate limits and look-ups: an email lowercased, a phone as 11 digits. */
export function normalizeLogin(value: string): string {
  const v = value.trim();
  if (v.includes('@')) return v.toLowerCase();
  return normalizePhone(v) ?? v.toLowerCase();
}

/** Coupon codes are typed in any case, maybe with Arabic digits. */
export function normalizeCouponCode(value: string): string {
  return toLatinDigits(value).trim().toUpperCase();
}
