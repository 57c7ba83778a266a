// Free text as people mean it: what a shopper typed, without the characters
// that are not text. Applied by the server to every free-text field before
// any "required" or length check (the `x-free-text` schema keyword in
// server/app.ts), so a review made only of zero-width spaces is empty, and
// no control or direction-override character reaches the database, a page,
// a log line or a terminal. See docs/rules.md, "Free text".

/** C0 and C1 controls, DEL included, except tab (U+0009) and line feed (U+000A). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/**
 * Direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069):
 * they can make "txt.exe" read as "exe.txt" and reorder a price. Arabic text
 * never needs them; the marks LRM and RLM (U+200E, U+200F) stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Invisible with no use in typed text: zero-width space, word joiner, invisible operators, BOM. */
const INVISIBLE = /[\u200B\u2060-\u2064\uFEFF]/g;
/**
 * Zero-width non-joiner and joiner shape Persian words and emoji sequences
 * (👩‍👩‍👧): a run of them between two visible characters collapses to its first;
 * at either end of the text they carry nothing.
 */
const JOINER_RUN = /([\u200C\u200D])[\u200C\u200D]+/g;
const EDGE_JOINERS = /^[\u200C\u200D\s]+|[\u200C\u200D\s]+$/g;

export function cleanText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(INVISIBLE, '')
    .replace(JOINER_RUN, '$1')
    .replace(EDGE_JOINERS, '');
}
