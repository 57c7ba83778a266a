// Search text as Egyptians type it: the one normalization applied to what
// the catalog stores in its search index and to what a shopper types, on the
// server (both databases) and on the device (suggestions offline). The rules
// and why each exists: docs/search.md.

/**
 * Characters that carry no letter: zero-width space, non-joiner, joiner,
 * direction marks and controls (LRM, RLM, ALM, embeddings, isolates), word
 * joiner, BOM, soft hyphen, and the Arabic tatweel (a stretch of the line).
 * Taken out without a space: they sit inside words.
 */
const INVISIBLE = /[\u00AD\u061C\u0640\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/**
 * Every combining mark once the text is decomposed (NFKD): Arabic harakat,
 * tanween, shadda, sukun, the dagger alef (U+0670), the hamza and madda
 * written above or below a letter (so أ إ آ ؤ ئ leave ا ا ا و ي), Quranic
 * marks, and Latin accents (é leaves e).
 */
const MARKS = /\p{M}/gu;

/** Letters NFKD leaves as they are, written the way a phone keyboard gives them. */
const LETTERS: Record<string, string> = {
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0629': '\u0647', // ة ta marbuta → ه (typed for it at the end of a word)
  '\u0649': '\u064A', // ى alef maqsura → ي
  '\u06CC': '\u064A', // ی Farsi yeh → ي
  '\u06A9': '\u0643', // ک keheh → ك
  '\u06C1': '\u0647', // ہ heh goal → ه
  '\u06D5': '\u0647', // ە ae → ه
  '\u0621': '', // ء a lone hamza is often left out
};
const LETTER = /[\u0671\u0629\u0649\u06CC\u06A9\u06C1\u06D5\u0621]/g;

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits → 0–9. */
const DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const digitOf = (c: string) => {
  const code = c.charCodeAt(0);
  return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
};

/** Anything that is neither a letter nor a digit separates words. */
const SEPARATOR = /[^\p{L}\p{N}]+/gu;

/**
 * The normalized form of any text: NFKD, without marks and invisible
 * characters, with the letter and digit forms above folded, lower case, and
 * words separated by single spaces.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(INVISIBLE, '')
    .replace(MARKS, '')
    .replace(LETTER, (c) => LETTERS[c])
    .replace(DIGIT, digitOf)
    .toLowerCase()
    .replace(SEPARATOR, ' ')
    .trim();
}

/** The normalized words of a text. */
export function searchWords(text: string): string[] {
  const normal = normalizeSearch(text);
  return normal ? normal.split(' ') : [];
}

/**
 * The definite article and the particles written onto it: وال، بال، كال،
 * فال، لل (ل with ال), ال. Longest first, so "بالعود" loses "بال", not "ب".
 */
const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** What must be left of a word for its article to come off (Lucene's Arabic stemmer keeps 2 as well). */
const MIN_STEM = 2;

/** A normalized Arabic word without its article (and the particle on it), or the word itself. */
export function withoutArticle(word: string): string {
  for (const article of ARTICLES) {
    if (word.startsWith(article) && word.length - article.length >= MIN_STEM) return word.slice(article.length);
  }
  return word;
}

/** The forms a normalized word can be found by: itself and, when it has one, without its article. */
export function wordForms(word: string): string[] {
  const stem = withoutArticle(word);
  return stem === word ? [word] : [word, stem];
}

/** The terms a stored text is indexed under: each word in each of its forms, once. */
export function searchTerms(text: string): string[] {
  return [...new Set(searchWords(text).flatMap(wordForms))];
}

/**
 * What a shopper typed, as the words to find (every one must match, in any
 * order, as the start of a word): each with the forms it may be found by.
 * Repeated words count once; at most `max` words are kept.
 */
export function searchQuery(typed: string, max = 8): string[][] {
  return [...new Set(searchWords(typed))].slice(0, max).map(wordForms);
}

/** Whether normalized `terms` match every word of a query (searchQuery), each as the start of a term. */
export function matchesQuery(terms: readonly string[], query: readonly string[][]): boolean {
  return query.length > 0 && query.every((forms) => forms.some((form) => terms.some((term) => term.startsWith(form))));
}
