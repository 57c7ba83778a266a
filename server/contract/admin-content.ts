// The back office's shop texts (/api/admin/content), for the owner: the banner, the home page's hero,
// the footer, the social links and the about page, each text in English and Arabic.
import { Type, type Static } from 'typebox';
import { Text } from './common.ts';

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

const LIMITS: Record<ContentTextKey, { max: number; required: boolean; description: string }> = {
  message_nav: { max: 300, required: false, description: 'the banner\'s message, repeated along the top of every page (plain text; empty hides it)' },
  hero_title: { max: 120, required: true, description: 'the home page\'s title (plain text)' },
  hero_subtitle: { max: 300, required: false, description: 'the line under it (plain text)' },
  footer_description: { max: 5000, required: false, description: 'the footer\'s text (HTML: text markup and links only; anything else is removed on save)' },
  about_title: { max: 120, required: true, description: 'the about page\'s title (plain text)' },
  about_content: { max: 20000, required: false, description: 'the about page (HTML: text markup and links only; anything else is removed on save)' },
};

const textField = (key: ContentTextKey, lang: 'en' | 'ar') => {
  const { max, required, description } = LIMITS[key];
  return Text(max, { ...(required ? { minLength: 1 } : {}), description: `${description}, ${lang === 'en' ? 'English' : 'Arabic'}` });
};
const linkField = (name: string) => Text(500, { pattern: HTTPS_URL_PATTERN, message: 'link_https', description: `the footer's ${name} link: an https:// address` });

const fields = {
  ...Object.fromEntries(CONTENT_TEXT_KEYS.flatMap((key) => [[`${key}_en`, textField(key, 'en')], [`${key}_ar`, textField(key, 'ar')]])),
  link_twitter: linkField('TikTok'),
  link_instegram: linkField('Instagram'),
  link_facebook: linkField('Facebook'),
} as Record<ContentField, ReturnType<typeof Text>>;

/** Every text, as stored (the HTML already sanitized). */
export const AdminContent = Type.Object(fields);

/** Any of the texts: those sent are saved (HTML sanitized, links checked); the others stay. */
export const ContentBody = Type.Partial(Type.Object(fields), { additionalProperties: false, minProperties: 1 });

export type AdminContentData = Static<typeof AdminContent>;
