// The Lingui catalogs as a shopper meets them: every English text has its
// Arabic, the shop's fixed texts are there word for word, and a translation
// keeps the placeholders and Arabic's six plural forms.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** msgid → msgstr of a .po file (Lingui writes one quoted line per field, or several joined). */
function readCatalog(lang: 'en' | 'ar', file = 'messages.po'): Map<string, string> {
  const text = fs.readFileSync(path.join(ROOT, 'locales', lang, file), 'utf8');
  const entries = new Map<string, string>();
  const quoted = '"(?:[^"\\\\]|\\\\.)*"';
  const entry = new RegExp(`^msgid ((?:${quoted}\\n?)+)msgstr ((?:${quoted}\\n?)+)`, 'gm');
  const join = (block: string) => (block.match(new RegExp(quoted, 'g')) ?? []).map((q) => JSON.parse(q) as string).join('');
  for (const m of text.matchAll(entry)) {
    const id = join(m[1]);
    if (id !== '') entries.set(id, join(m[2]));
  }
  return entries;
}

const en = readCatalog('en');
const ar = readCatalog('ar');

/** `{name}`, `{0}` and `{count, plural, …}` variables (not a plural branch's `one {word}`), sorted: what a translation must keep. */
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+) )\{(\w+)(?=\}|, ?(?:plural|select|selectordinal|number|date),)/g)]
    .map((m) => m[1]))].sort();

// The shop's fixed wording, kept verbatim (typos and case included).
const SPEC_TEXTS = [
  'Please Login First',
  'Failed to update gift',
  'Link copied to clipboard!',
  'Failed to copy link. Please try again.',
  'You must reach at least 1000 poitns before using them',
  'Error: ',
  'Loading...',
  'Updating smell...',
  'Please select all smells',
  'Please select address first',
  'Please select shipping method',
  'if you choose Schedule method you must select date',
  'please select payment method first',
  'Within 7 Days',
  // The forms' rule texts (errors.required, errors.phone, errors.names2, …)
  'Required',
  'Invalid email format',
  'Phone 11 digits',
  'Must be one name',
  'At least 3 characters',
  'Password at least 6 characters',
  'Passwords must match',
  'Month 1 to 12',
  'Day 1 to 31',
  'February max 29 days',
  'Other months 30 days',
  'Valid year',
  'At least 10 years old',
  'At least 2 names of 3 characters each',
];

describe('the catalogs', () => {
  it('hold the same messages in English and Arabic', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('leave no Arabic message empty or in English', () => {
    const untranslated = [...ar].filter(([id, str]) => str.trim() === '' || (/[a-z]{3}/i.test(id) && str === id));
    expect(untranslated.map(([id]) => id)).toEqual([]);
  });

  it.each(SPEC_TEXTS)('carry the fixed text %j, translated', (text) => {
    expect(en.has(text), `no message "${text}" in the catalog`).toBe(true);
    expect(ar.get(text)).toMatch(/[\u0600-\u06FF]/);
  });

  it('keep every placeholder in the Arabic', () => {
    const broken = [...ar].filter(([id, str]) => str && placeholders(id).join() !== placeholders(str).join());
    expect(broken).toEqual([]);
  });

  it('give Arabic plurals all six forms', () => {
    const plurals = [...ar].filter(([id]) => /, plural,/.test(id));
    expect(plurals.length).toBeGreaterThan(0);
    for (const [id, str] of plurals) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
        expect(str, `${id}: no "${form}" form`).toMatch(new RegExp(`\\b${form} \\{`));
      }
    }
  });

  it('never count with "#": its number is Intl.NumberFormat\'s, whose start-up a page pays; counts come written (formatNumber)', () => {
    const counting = [...en, ...ar].filter(([id, str]) => /, plural,/.test(id) && /#/.test(id + str)).map(([id]) => id);
    expect(counting).toEqual([]);
  });
});

describe('the back office\'s catalogs (admin.po, src/admin/i18n.ts)', () => {
  const adminEn = readCatalog('en', 'admin.po');
  const adminAr = readCatalog('ar', 'admin.po');

  it('hold the same messages in English and Arabic, every Arabic one translated with its placeholders', () => {
    expect(adminEn.size).toBeGreaterThan(50);
    expect([...adminAr.keys()].sort()).toEqual([...adminEn.keys()].sort());
    const untranslated = [...adminAr].filter(([id, str]) => !/[\u0600-\u06FF]/.test(str) && /[a-z]{3}/i.test(id));
    expect(untranslated.map(([id]) => id)).toEqual([]);
    const broken = [...adminAr].filter(([id, str]) => placeholders(id).join() !== placeholders(str).join());
    expect(broken).toEqual([]);
  });

  it('are not the shop\'s: no back-office text in the catalog every shopper loads', () => {
    const shop = fs.readFileSync(path.join(ROOT, 'locales', 'en', 'messages.po'), 'utf8');
    expect(shop).not.toMatch(/^#: src\/admin\//m);
  });
});

describe('one wording for one message, in the catalogs and the server\'s messages', () => {
  // Imported here so that a change on either side is held against the other.
  const serverMessages = async () => (await import('../../server/i18n/messages.ts')).MESSAGES as Record<string, { en: string; ar: string }>;

  it('says a missing field is "Required" / "مطلوب" everywhere', async () => {
    const { field_required } = await serverMessages();
    expect(field_required).toEqual({ en: 'Required', ar: ar.get('Required') });
    expect(ar.get('Required')).toBe('مطلوب');
    const otherWordings = [...en.keys()].filter((id) => /field is required/i.test(id));
    expect(otherWordings).toEqual([]);
  });

  it('writes "يُرجى" with its damma, never "يرجى"', async () => {
    const bare = /يرجى/;
    expect([...ar.values()].filter((s) => bare.test(s))).toEqual([]);
    expect(Object.values(await serverMessages()).map((m) => m.ar).filter((s) => bare.test(s))).toEqual([]);
  });

  it('never puts a period right after an amount of money: Arabic\'s "ج.م." already ends with one', async () => {
    const money = /\{(?:amount|fee|price|total|minimum)\}\./;
    expect([...ar.values()].filter((s) => money.test(s))).toEqual([]);
    expect(Object.values(await serverMessages()).map((m) => m.ar).filter((s) => money.test(s))).toEqual([]);
  });
});
