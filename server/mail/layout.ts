// The frame every mail of the shop is written in (docs/mail.md): one HTML
// document in the mail's language and direction, inline styles only (mail
// programs drop style sheets), no remote image or font (many block them, and
// a remote image tells a sender when a mail is opened), and the same words
// as plain text beside it.
import type { Lang } from '../contract/lang.ts';

/** Text made safe inside HTML, attributes included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));
}

/** A piece of a mail: its HTML (escaped already) and its plain text. */
export interface Part { html: string; text: string }

export const paragraph = (text: string): Part => ({ html: `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`, text });

export const heading = (text: string): Part => ({ html: `<h2 style="margin:24px 0 8px;font-size:18px;color:#5b3a1e">${escapeHtml(text)}</h2>`, text: `${text}:` });

/** A button-like link, and the address itself for programs that show no HTML. */
export function button(label: string, href: string): Part {
  return {
    html: `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#5b3a1e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:bold">${escapeHtml(label)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all" dir="ltr">${escapeHtml(href)}</p>`,
    text: `${label}:\n${href}`,
  };
}

/** Rows of label and value, as a two-column table. */
export function facts(rows: [string, string][]): Part {
  const cells = rows.map(([label, value]) => `<tr><td style="padding:4px 0;color:#555555">${escapeHtml(label)}</td><td style="padding:4px 12px">${escapeHtml(value)}</td></tr>`).join('');
  return {
    html: `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`,
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}

/** The whole mail: subject, HTML document and plain text. */
export function mail(lang: Lang, subject: string, parts: Part[], footer: string): { subject: string; html: string; text: string } {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ea">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;font-family:Tahoma,Arial,sans-serif;font-size:16px;line-height:1.6;color:#222222;text-align:${align};background:#ffffff">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#5b3a1e">${lang === 'ar' ? 'عطّار' : 'Attar'}</p>
${parts.map((p) => p.html).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#555555">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  const text = [lang === 'ar' ? 'عطّار' : 'Attar', '', ...parts.map((p) => p.text + '\n'), footer, ''].join('\n');
  return { subject, html, text };
}
