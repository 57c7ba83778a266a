// The shop's texts the owner edits (the back office's /admin/content), named once for the server
// and the back office's form. Plain data, no schema library: the back office imports it.

/** The texts kept in both languages: `<key>_en` and `<key>_ar` in the API. */
export const CONTENT_TEXT_KEYS = ['message_nav', 'hero_title', 'hero_subtitle', 'footer_description', 'about_title', 'about_content'] as const;
/** Of those, the ones in HTML (sanitized on save with the storefront's rules); the others are plain text. */
export const CONTENT_HTML_KEYS = ['footer_description', 'about_content'] as const;
/** The footer's links, one address for both languages (the contract's spelling, `instegram` too). */
export const CONTENT_LINK_KEYS = ['link_twitter', 'link_instegram', 'link_facebook'] as const;

export type ContentTextKey = (typeof CONTENT_TEXT_KEYS)[number];
export type ContentLinkKey = (typeof CONTENT_LINK_KEYS)[number];
export type ContentField = `${ContentTextKey}_${'en' | 'ar'}` | ContentLinkKey;

/** Every field of the form, in its order. */
export const CONTENT_FIELDS: readonly ContentField[] = [
  ...CONTENT_TEXT_KEYS.flatMap((key) => [`${key}_en`, `${key}_ar`] as const),
  ...CONTENT_LINK_KEYS,
];

/** Where each field lives in the `content` table: its key, and the language's column (links fill both). */
export function contentPlace(field: ContentField): { key: string; lang: 'en' | 'ar' | 'both' } {
  const match = /^(.*)_(en|ar)$/.exec(field);
  return match ? { key: match[1], lang: match[2] as 'en' | 'ar' } : { key: field, lang: 'both' };
}

/** An https address (the server also reads it as a URL); `javascript:`, `http:` and the like are refused. */
export const HTTPS_URL_PATTERN = '^https://[^\\s/?#]+\\.[^\\s/?#]+(?:[/?#][^\\s]*)?$';
