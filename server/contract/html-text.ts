// The shop's own HTML read as plain text: shared by the server (cards, the search index, the
// page heads) and the storefront (the page's description as the shopper navigates), so both
// write a page's description the same (docs/seo.md).

/** HTML from the shop's own content, reduced to plain text for cards and previews. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
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
