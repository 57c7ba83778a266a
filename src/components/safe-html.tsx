import DOMPurify from 'dompurify';
import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';

/** Server HTML (overview, description, footer, about), rendered only after DOMPurify. */
export function SafeHtml({ html, ...props }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
