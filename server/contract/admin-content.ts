// The back office's shop texts (/api/admin/content), for the owner: the banner, the home page's hero,
// the footer, the social links and the about page, each text in English and Arabic.
import { Type, type Static } from 'typebox';
import { Text } from './common.ts';
import { CONTENT_TEXT_KEYS, HTTPS_URL_PATTERN, type ContentField, type ContentTextKey } from './content-fields.ts';

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
