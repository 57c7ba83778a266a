import DOMPurify, { type WindowLike } from 'dompurify';
import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';

let purifier = DOMPurify;

/**
 * Where there is no browser (the server's render, src/entry-server.tsx),
 * DOMPurify needs a window to parse in; without one it would hand the HTML
 * back unsanitized, so until it has one SafeHtml renders nothing.
 */
export function sanitizeIn(window: WindowLike) {
  purifier = DOMPurify(window);
}

/** `html` with only what DOMPurify's HTML profile allows; nothing when it cannot sanitize. */
export function sanitizeHtml(html: string): string {
  return purifier.isSupported ? purifier.sanitize(html, { USE_PROFILES: { html: true } }) : '';
}

/** Server HTML (overview, description, footer, about), rendered only after DOMPurify. */
export function SafeHtml({ html, ...props }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
