// The one normalization of search text (server/contract/search-text.ts), as
// a table: what is typed or stored on the left, what it is compared as on the right.
import { describe, expect, it } from 'vitest';
import { matchesQuery, normalizeSearch, searchQuery, searchTerms, withoutArticle } from '../../../server/contract/search-text.ts';

const CASES: [string, string, string][] = [
  // hamza forms
  ['alef with hamza above', 'أكوا', 'اكوا'],
  ['alef with hamza below', 'إسلام', 'اسلام'],
  ['alef with madda', 'آيريس', 'ايريس'],
  ['alef wasla', 'ٱلعود', 'العود'],
  ['waw with hamza', 'مؤمن', 'مومن'],
  ['yeh with hamza', 'رئيس', 'رييس'],
  ['lone hamza at the end', 'شيء', 'شي'],
  ['lone hamza inside', 'مساءلة', 'مساله'],
  ['hamza above written as a mark', 'ا\u0654كوا', 'اكوا'],
  ['hamza below written as a mark', 'ا\u0655سلام', 'اسلام'],
  ['madda written as a mark', 'ا\u0653يريس', 'ايريس'],
  // ta marbuta and alef maqsura
  ['ta marbuta', 'الطهارة', 'الطهاره'],
  ['ta marbuta typed as heh', 'الطهاره', 'الطهاره'],
  ['alef maqsura', 'هدى', 'هدي'],
  ['alef maqsura and yeh agree', 'مستشفى مستشفي', 'مستشفي مستشفي'],
  ['farsi yeh', 'ی', 'ي'],
  ['keheh', 'ک', 'ك'],
  ['heh goal', 'ہ', 'ه'],
  // tashkeel
  ['fatha, damma, kasra', 'مَسُكِ', 'مسك'],
  ['tanween', 'مسكٌ عطرًا وردٍ', 'مسك عطرا ورد'],
  ['shadda', 'المبخّر', 'المبخر'],
  ['sukun', 'مِسْك', 'مسك'],
  ['dagger alef', 'هٰذا', 'هذا'],
  ['shadda with fatha', 'عطّار', 'عطار'],
  ['quranic small high mark', 'الله\u06D6', 'الله'],
  ['fully voweled phrase', 'عُودٌ مَلَكِيٌّ', 'عود ملكي'],
  // tatweel
  ['tatweel', 'عطـــر', 'عطر'],
  ['tatweel between words', 'مسـك الطـهارة', 'مسك الطهاره'],
  // digits
  ['arabic-indic digits', '١٢٣', '123'],
  ['eastern arabic-indic digits', '۴۵۶', '456'],
  ['digits in a phrase', 'عينة عطر (٢ مل)', 'عينه عطر 2 مل'],
  ['ascii digits stay', '100 ml', '100 ml'],
  ['fullwidth digits', '１２', '12'],
  ['all ten arabic-indic digits', '٠١٢٣٤٥٦٧٨٩', '0123456789'],
  ['all ten eastern digits', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
  // latin case and accents
  ['upper case', 'OUD', 'oud'],
  ['mixed case', 'Bleu Horizon', 'bleu horizon'],
  ['acute accents', 'Noir Élégance', 'noir elegance'],
  ['grave and circumflex', 'crème brûlée', 'creme brulee'],
  ['cedilla', 'Façonné', 'faconne'],
  ['diaeresis', 'naïve Noël', 'naive noel'],
  ['decomposed accent', 'Ve\u0301tiver', 'vetiver'],
  ['dotted capital i', 'İris', 'iris'],
  ['ligature fi', 'ﬁne', 'fine'],
  ['fullwidth latin', 'ＯＵＤ', 'oud'],
  // mixed scripts
  ['arabic and latin', 'عطر Oud', 'عطر oud'],
  ['latin inside arabic', 'مسك Tahara الأبيض', 'مسك tahara الابيض'],
  ['arabic presentation forms', 'ﻋﻄﺮ', 'عطر'],
  ['lam-alef ligature', 'ﻻ', 'لا'],
  // direction marks and invisible characters
  ['right-to-left mark', '\u200Fعطر\u200F', 'عطر'],
  ['left-to-right mark', '\u200EAT-1001', 'at 1001'],
  ['arabic letter mark', 'عط\u061Cر', 'عطر'],
  ['embedding and override', '\u202Bعطر\u202C \u202Eoud\u202C', 'عطر oud'],
  ['isolates', '\u2067عطر\u2069', 'عطر'],
  ['zero-width space inside a word', 'عط\u200Bر', 'عطر'],
  ['zero-width non-joiner', 'عط\u200Cر', 'عطر'],
  ['zero-width joiner', 'مس\u200Dك', 'مسك'],
  ['byte order mark', '\uFEFFoud', 'oud'],
  ['soft hyphen', 'in\u00ADcense', 'incense'],
  ['word joiner', 'oud\u2060wood', 'oudwood'],
  // punctuation and spaces
  ['dash', 'AT-1001', 'at 1001'],
  ['apostrophe', "Ma'amoul", 'ma amoul'],
  ['ampersand', 'Oud & Leather', 'oud leather'],
  ['arabic comma and question mark', 'عود، مسك؟', 'عود مسك'],
  ['arabic semicolon', 'عود؛ مسك', 'عود مسك'],
  ['quotes and brackets', '«مسك» (oud) [x]', 'مسك oud x'],
  ['runs of spaces and tabs', '  عود \t  مسك\n', 'عود مسك'],
  ['non-breaking space', 'oud\u00A0wood', 'oud wood'],
  ['percent and underscore', '%_o_%', 'o'],
  ['only punctuation', '!!! ...', ''],
  ['empty', '', ''],
];

describe('normalizeSearch', () => {
  it('has at least 60 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });
  it.each(CASES)('%s', (_name, input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });
  it('is idempotent', () => {
    for (const [, input] of CASES) expect(normalizeSearch(normalizeSearch(input))).toBe(normalizeSearch(input));
  });
});

describe('withoutArticle', () => {
  it.each([
    ['الطهاره', 'طهاره'],
    ['والعود', 'عود'],
    ['بالعود', 'عود'],
    ['كالورد', 'ورد'],
    ['فالمسك', 'مسك'],
    ['للرجال', 'رجال'],
    // Too little would be left: the word stays.
    ['الي', 'الي'],
    ['ال', 'ال'],
    // No article.
    ['مسك', 'مسك'],
    ['oud', 'oud'],
  ])('%s → %s', (word, stem) => {
    expect(withoutArticle(word)).toBe(stem);
  });
});

describe('searchTerms and searchQuery', () => {
  it('indexes each word and, with an article, the word without it', () => {
    expect(searchTerms('مسك الطهارة الأبيض')).toEqual(['مسك', 'الطهاره', 'طهاره', 'الابيض', 'ابيض']);
  });
  it('keeps a typed word once and at most 8 words', () => {
    expect(searchQuery('عود عود')).toEqual([['عود']]);
    expect(searchQuery('a b c d e f g h i j')).toHaveLength(8);
    expect(searchQuery(' ... ')).toEqual([]);
  });
  it.each([
    ['مسك الطهارة', 'مسك الطهاره', true],
    ['مسك الطهارة', 'طهاره', true],
    ['مسك الطهارة', 'الطهار', true],
    ['مسك الطهارة', 'طه مس', true],
    ['دهن العود المبخّر', 'المبخر', true],
    ['دهن العود المبخّر', 'بالعود', true],
    ['أكوا سبورت', 'اكوا', true],
    ['Noir Élégance', 'noir elegance', true],
    ['Noir Élégance', 'elegance noir', true],
    ['عطر', 'عط', true],
    ['عطر', 'عطور', false],
    ['مسك الطهارة', 'مسك عود', false],
    ['Noir Élégance', 'noirelegance', false],
    ['anything', '', false],
  ])('%s found by "%s": %s', (stored, typed, found) => {
    expect(matchesQuery(searchTerms(stored), searchQuery(typed))).toBe(found);
  });
});
