// The shop's texts, for the owner: the banner, the home page's hero, the footer and its links, the
// about page; English and Arabic side by side (the Arabic fields right to left). Only the texts
// changed are sent; the server sanitizes the HTML and answers what it kept, which the form then
// shows. The shop shows the change on its next page.
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTENT_FIELDS, HTTPS_URL_PATTERN, type ContentField } from '@contract/content-fields';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { Loaded, Outcome, Title, useAdmin, type Said } from '../common';
import { contentQuery, type ContentData } from '../shop-data-api';
import { useAdminWrite } from '../api';
import { LangField, Pair } from './shop-data-parts';

const HTTPS = new RegExp(HTTPS_URL_PATTERN);

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = `content-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography id={id} component="h2" variant="h6">{title}</Typography>
      {children}
    </Card>
  );
}

function ContentForm({ content }: { content: ContentData }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const [said, setSaid] = useState<Said>(null);
  const save = useAdminWrite<Partial<ContentData>, { content: ContentData }>(token, lang, (body) => ({ method: 'PUT', path: '/admin/content', body }));
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting, dirtyFields } } = useForm<ContentData>({ defaultValues: content });
  const shown = fieldProps(errors, 'content');
  const required = (v: string) => (v.trim() === '' ? t`Required` : true);
  const https = (v: string) => (HTTPS.test(v.trim()) ? true : t`Enter a full https:// address.`);
  const changed = CONTENT_FIELDS.filter((field) => dirtyFields[field]);

  const onSubmit = handleSubmit(async (values) => {
    if (changed.length === 0) return;
    setSaid(null);
    try {
      const answer = await save.mutateAsync(Object.fromEntries(changed.map((field) => [field, values[field].trim()])));
      // What the server kept (the HTML sanitized) becomes the form's starting point.
      reset(answer.data.content);
      setSaid({ ok: true, text: answer.message });
    } catch (error) {
      showServerErrors(error, setError, CONTENT_FIELDS);
    }
  });

  const text = (field: ContentField, label: string, options: { required?: boolean; html?: boolean; long?: boolean; max: number }) => {
    const fieldLang: 'en' | 'ar' = field.endsWith('_ar') ? 'ar' : 'en';
    return (
      <LangField
        language={fieldLang} label={label} required={options.required} fullWidth multiline={options.html || options.long} minRows={options.html ? 5 : undefined}
        {...bind(register(field, options.required ? { validate: required } : {}))}
        {...shown(field, { htmlInput: { maxLength: options.max } })}
      />
    );
  };
  const pair = (key: string, en: string, ar: string, options: { required?: boolean; html?: boolean; long?: boolean; max: number }) => (
    <Pair>
      {text(`${key}_en` as ContentField, en, options)}
      {text(`${key}_ar` as ContentField, ar, options)}
    </Pair>
  );
  const link = (field: ContentField, label: string) => (
    <TextField
      type="url" label={label} required fullWidth
      {...bind(register(field, { validate: https }))}
      {...shown(field, { htmlInput: { dir: 'ltr', inputMode: 'url', maxLength: 500, spellCheck: false } })}
    />
  );
  const htmlHint = t`Paragraphs, headings, lists, bold, italics and links are kept; anything else (scripts, pictures, styles) is removed when saved.`;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Outcome said={said} onClose={() => setSaid(null)} sx={{ mb: 2 }} />
      {errors.root?.server && <Typography role="alert" color="error">{errors.root.server.message}</Typography>}
      <Group title={t`Banner`}>
        <Typography variant="body2" color="text.secondary">{t`Repeated along the top of every page of the shop. Empty: no banner.`}</Typography>
        {pair('message_nav', t`Banner in English`, t`Banner in Arabic`, { long: true, max: 300 })}
      </Group>
      <Group title={t`Home page`}>
        {pair('hero_title', t`Title in English`, t`Title in Arabic`, { required: true, max: 120 })}
        {pair('hero_subtitle', t`Subtitle in English`, t`Subtitle in Arabic`, { long: true, max: 300 })}
      </Group>
      <Group title={t`Footer`}>
        <Typography variant="body2" color="text.secondary">{htmlHint}</Typography>
        {pair('footer_description', t`Footer text in English (HTML)`, t`Footer text in Arabic (HTML)`, { html: true, max: 5000 })}
        {link('link_twitter', t`TikTok link`)}
        {link('link_instegram', t`Instagram link`)}
        {link('link_facebook', t`Facebook link`)}
      </Group>
      <Group title={t`About page`}>
        {pair('about_title', t`About title in English`, t`About title in Arabic`, { required: true, max: 120 })}
        <Typography variant="body2" color="text.secondary">{htmlHint}</Typography>
        {pair('about_content', t`About page in English (HTML)`, t`About page in Arabic (HTML)`, { html: true, max: 20000 })}
      </Group>
      <Box className="admin-save-bar">
        <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={changed.length === 0} sx={{ minHeight: 44 }}>
          {t`Save the texts`}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {changed.length === 0 ? t`No unsaved changes.` : t`Unsaved changes.`}
        </Typography>
      </Box>
    </Box>
  );
}

export function ContentScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Shop texts`);
  const query = useQuery(contentQuery(token, lang));
  return (
    <>
      <Title>{t`Shop texts`}</Title>
      <Loaded query={query}>{(content) => <ContentForm content={content} />}</Loaded>
    </>
  );
}
