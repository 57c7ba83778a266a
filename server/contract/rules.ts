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

/** `value`'s 0-9 in the language's digits: Eastern Arabic in Arabic, as the app writes every number. */
export function toLangDigits(value: string, lang: 'en' | 'ar'): string {
  const latin = toLatinDigits(value);
  return lang === 'ar' ? latin.replace(/[0-9]/g, (d) => EASTERN_DIGITS[Number(d)]) : latin;
}

// The shapes below are published in the contract as JSON-schema patterns
// (server/contract/account.ts and checkout.ts) and checked by the same
// functions here, so a client generated from openapi.json and the server
// agree on every value. They describe the text after the server has cleaned
// it (contract/text.ts: trimmed, controls out).

/** A digit as shoppers type it: Western, Eastern Arabic or Persian. */
const DIGIT = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]';
const ZERO = '[0\\u0660\\u06F0]';
const TWO = '[2\\u0662\\u06F2]';
/** What may sit between a phone's digits: spaces, dashes, brackets. */
const SEP = '[\\s()\\-]*';
const digits = (n: number) => `(?:${SEP}${DIGIT}){${n}}`;

/**
 * An Egyptian phone: 11 digits, or +20 / 0020 and the 10 digits after the
 * leading 0; spaces, dashes and brackets anywhere; any of the three digit sets.
 */
export const PHONE_PATTERN = `^${SEP}(?:(?:\\+${SEP}|${ZERO}${SEP}${ZERO}${SEP})${TWO}${SEP}${ZERO}${digits(10)}|${digits(11)})${SEP}$`;

/**
 * An Egyptian phone as 11 digits (01XXXXXXXXX), or null when the value is
 * not one (PHONE_PATTERN says which values are).
 */
export function normalizePhone(value: string): string | null {
  const digits = toLatinDigits(value).replace(/[\s\-()]/g, '');
  const international = /^(?:\+20|0020)(\d{10})$/.exec(digits);
  if (international) return '0' + international[1];
  return /^\d{11}$/.test(digits) ? digits : null;
}

// Arabic letters without tatweel (U+0640), which only stretches a word; the
// marks (harakat, shadda, dagger alif) and tatweel may decorate a name but do
// not count as its letters.
const LETTERS = 'A-Za-z\\u0621-\\u063A\\u0641-\\u064A\\u0671-\\u06D3';
const MARKS = '\\u064B-\\u065F\\u0670\\u0640';
/** Spaces between words: what is left of \s once the server has cleaned the text (no \v, \f, \r or BOM). */
const SPACE = '[\\t\\n \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]';
/** One word of letters and marks with at least 3 letters. */
const NAME_WORD = `[${MARKS}]*(?:[${LETTERS}][${MARKS}]*){3,}`;
/** One name of at least 3 letters, Latin or Arabic. */
export const ONE_NAME_PATTERN = `^${NAME_WORD}$`;
/** At least two such names, separated by spaces. */
export const TWO_NAMES_PATTERN = `^${NAME_WORD}(?:${SPACE}+${NAME_WORD})+$`;
/** A character of an email address: not a space or @, and nothing the server's cleaning removes. */
const EMAIL_CHAR = '[^\\s@\\u0000-\\u001F\\u007F-\\u009F\\u200B-\\u200D\\u2060-\\u2064\\u202A-\\u202E\\u2066-\\u2069\\uFEFF]';
export const EMAIL_PATTERN = `^${EMAIL_CHAR}+@${EMAIL_CHAR}+\\.${EMAIL_CHAR}{2,}$`;
/** YYYY-M-D with any digit set; which days are real is the rule's, not the pattern's. */
export const BIRTH_DATE_PATTERN = `^${DIGIT}{4}-${DIGIT}{1,2}-${DIGIT}{1,2}$`;
/** YYYY-MM-DD with any digit set. */
export const DAY_PATTERN = `^${DIGIT}{4}-${DIGIT}{2}-${DIGIT}{2}$`;

const ONE_NAME = new RegExp(ONE_NAME_PATTERN);
const TWO_NAMES = new RegExp(TWO_NAMES_PATTERN);
const EMAIL = new RegExp(EMAIL_PATTERN);

function isName(word: string): boolean {
  return ONE_NAME.test(word);
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
  return TWO_NAMES.test(v) ? null : 'name_two_words';
}

export function emailProblem(value: string): 'field_required' | 'email_invalid' | null {
  const v = value.trim();
  if (!v) return 'field_required';
  return EMAIL.test(v) && v.length <= 254 ? null : 'email_invalid';
}

export function passwordProblem(password: string, confirmation: string): 'password_short' | 'password_mismatch' | null {
  if (password.length < 6) return 'password_short';
  return password === confirmation ? null : 'password_mismatch';
}

export type BirthDateProblem =
  | 'field_required' | 'date_invalid' | 'month_invalid' | 'day_invalid'
  | 'february_days' | 'february_28_days' | 'month_30_days' | 'year_invalid' | 'too_young';

/** A leap year of the Gregorian calendar: every fourth year, but not a century unless it divides by 400. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Birth date YYYY-MM-DD: day 1-31, month 1-12, February at most 29 days and
 * 29 only in a leap year, April/June/September/November at most 30, a real
 * year, and at least 10 years before `today`. A day the calendar does not
 * have is refused, never moved to the next one.
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
  if (month === 2 && day === 29 && !isLeapYear(year)) return 'february_28_days';
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
