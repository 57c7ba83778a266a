import { lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { footerQuery } from '@/features/content/api/get-footer';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { missedConnection } from '@/pwa/offline-read';
import { useSeen } from '@/lib/use-seen';
import { LazyWidget } from '@/components/error-boundary';
import { useShopLinks } from './links';

// DOMPurify is 11 KiB gzip: loaded when the footer comes near the screen,
// not with the first page's code (issue 6).
const SafeHtml = lazy(() => import('@/components/safe-html').then((m) => ({ default: m.SafeHtml })));

/** The footer of spec §2, from /products/bestseller; it reloads when the language changes. */
export function Footer() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const online = useOnline();
  const { data, error, isPending, fetchStatus } = useQuery(footerQuery(lang));
  const links = useShopLinks();
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  const near = useSeen(footer, true, '100px');
  // Offline with no copy on this device: said once, quietly; the links above still work.
  const offline = !data && !online && missedConnection({ error, fetchStatus });
  return (
    <Box component="footer" ref={setFooter} sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mt: 6, px: 3, py: 4 }}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {links.map((l) => (
          <li key={l.to}><Link component={RouterLink} to={l.to} color="inherit">{l.label}</Link></li>
        ))}
      </Box>
      {offline && <Typography sx={{ mt: 2 }}>{t`You are offline. The rest of the footer will show once you reconnect.`}</Typography>}
      {isPending && !offline && <Typography sx={{ mt: 2 }}>{t`Loading...`}</Typography>}
      {/* A failed refresh of a footer already shown leaves it as it was. */}
      {error && !data && !offline && <Typography role="alert" sx={{ mt: 2 }}>{t`Error: `}{error.message}</Typography>}
      {data && near && (
        // The description and the links below it show together, so nothing moves twice. Should the
        // sanitizer's file fail to load, the footer keeps its page links rather than the page failing.
        <LazyWidget>
          <SafeHtml html={data.footer.description} sx={{ mt: 2, maxWidth: 720, '& a': { color: 'inherit' } }} />
          <Box component="ul" aria-label={t`Follow us`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'flex', gap: 2 }}>
            <li><Link href={data.links.link_twitter} color="inherit" rel="noopener noreferrer" target="_blank">{t`TikTok`}</Link></li>
            <li><Link href={data.links.link_instegram} color="inherit" rel="noopener noreferrer" target="_blank">{t`Instagram`}</Link></li>
            <li><Link href={data.links.link_facebook} color="inherit" rel="noopener noreferrer" target="_blank">{t`Facebook`}</Link></li>
          </Box>
        </LazyWidget>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>{t`© 2024 Attar. Crafted by Nile Web Studio.`}</Typography>
    </Box>
  );
}
