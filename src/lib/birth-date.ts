// The account forms' shared client checks (sign-up and the profile form):
// the rule texts, the one-name rule and the day / month / year birth date.
// Both forms must say exactly the same things, so the wording lives here once.
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from './language';
import { birthDateProblem, oneNameProblem, toLatinDigits, type BirthDateProblem } from '@contract/rules';

export type DatePart = 'day' | 'month' | 'year';
export type BirthDateParts = Record<DatePart, string>;
export type AccountMessages = ReturnType<typeof useAccountMessages>;

/** The forms' rule texts, in the shop's fixed wording, one Lingui message each. */
export function useAccountMessages() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  return {
    /** 29 February of a year that has no such day: the year as written in the language's digits. */
    notLeapYear: (typedYear: string) => {
      const year = lang === 'ar' ? toLatinDigits(typedYear).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]) : toLatinDigits(typedYear);
      return t`${year} is not a leap year: February has 28 days.`;
    },
    required: t`Required`,
    email: t`Invalid email format`,
    phone: t`Phone 11 digits`,
    oneName: t`Must be one name`,
    threeCharacters: t`At least 3 characters`,
    passwordShort: t`Password at least 6 characters`,
    passwordMismatch: t`Passwords must match`,
    month: t`Month 1 to 12`,
    day: t`Day 1 to 31`,
    february: t`February max 29 days`,
    thirtyDays: t`Other months 30 days`,
    year: t`Valid year`,
    tooYoung: t`At least 10 years old`,
  };
}

/** First or last name: one word of at least 3 letters; says which of the two it is not. */
export function oneNameMessage(value: string, m: AccountMessages): string | true {
  const problem = oneNameProblem(value);
  if (problem === 'field_required') return m.required;
  if (problem === 'name_one_word') return /\s/.test(value.trim()) || /[^\p{L}\p{M}]/u.test(value.trim()) ? m.oneName : m.threeCharacters;
  return true;
}

/** Today in Cairo, YYYY-MM-DD: the calendar the server counts ages in. */
export function cairoToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Which of the three inputs a problem of the shared birth-date rule belongs under. */
const PART_OF: Record<BirthDateProblem, DatePart> = {
  field_required: 'day',
  date_invalid: 'day',
  day_invalid: 'day',
  february_days: 'day',
  february_28_days: 'day',
  month_30_days: 'day',
  month_invalid: 'month',
  year_invalid: 'year',
  too_young: 'year',
};

const SHAPE: Record<DatePart, RegExp> = { day: /^\d{1,2}$/, month: /^\d{1,2}$/, year: /^\d{4}$/ };

/** The birth date the server expects, from the three inputs (Eastern Arabic digits read as 0-9). */
export function composeBirthDate({ day, month, year }: BirthDateParts): string {
  const [d, m, y] = [day, month, year].map((v) => toLatinDigits(v.trim()));
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** The three inputs for a stored `YYYY-MM-DD` (no leading zeros: the way people type a day). */
export function splitBirthDate(value: string): BirthDateParts {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] };
}

/**
 * The message for one of the three date inputs: its own emptiness or shape
 * first, then, once all three are readable, the shared rule's verdict on the
 * whole date, shown under the input it concerns.
 */
export function birthDatePartMessage(part: DatePart, values: BirthDateParts, m: AccountMessages, today: string): string | true {
  const own = toLatinDigits(values[part].trim());
  const ownShape = { day: m.day, month: m.month, year: m.year }[part];
  if (!own) return m.required;
  if (!SHAPE[part].test(own)) return ownShape;
  const readable = (['day', 'month', 'year'] as const).every((p) => SHAPE[p].test(toLatinDigits(values[p].trim())));
  if (!readable) return true;
  const problem = birthDateProblem(composeBirthDate(values), today);
  if (!problem || PART_OF[problem] !== part) return true;
  const text: Record<BirthDateProblem, string> = {
    field_required: m.required,
    date_invalid: ownShape,
    day_invalid: m.day,
    february_days: m.february,
    february_28_days: m.notLeapYear(values.year.trim()),
    month_30_days: m.thirtyDays,
    month_invalid: m.month,
    year_invalid: m.year,
    too_young: m.tooYoung,
  };
  return text[problem];
}
