// The shop's own HTML read as plain text: shared by the server (cards, the search index, the
// page heads) and the storefront (the page's description as the shopper navigates), so both
// write a page's description the same (docs/seo.md).

/** Where a block of the shop's HTML ends: a paragraph, a list item, a heading, a line break, a cell. */
const BLOCK_END = /<\/(?:p|li|h[1-6]|div|dt|dd|tr|td|th|blockquote)\s*>|<br\s*\/?>/gi;
/** A block that already ends as a sentence or a clause does. */
const ENDED = /[.!?؟:;؛…,،]$/;

/**
 * HTML from the shop's own content, reduced to plain text for cards, previews
 * and the search index. Each block that ends without punctuation gets a full
 * stop, so a list reads as sentences ("Top: saffron, pink pepper. Heart: rose")
 * rather than running on.
 */
export function htmlToText(html: string): string {
  const blocks = html
    .replace(BLOCK_END, '\u2029')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split('\u2029')
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return blocks.map((block, i) => (i < blocks.length - 1 && !ENDED.test(block) ? `${block}.` : block)).join(' ');
}

/** Past this, a page's description is cut at a word: about what search results show of it. */
export const DESCRIPTION_MAX = 160;

/** Plain text cut to `max` characters at a word, with an ellipsis when cut. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,،.;:]+$/, '')}…`;
}
