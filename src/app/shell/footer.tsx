import { lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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
// not with the first page's code.
const SafeHtml = lazy(() => import('@/components/safe-html').then((m) => ({ default: m.SafeHtml })));

/** The footer, from /products/bestseller; it reloads when the language changes. */
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
    <footer ref={setFooter} className="attar-footer">
      <ul className="attar-footer__links">
        {links.map((l) => (
          <li key={l.to}><RouterLink to={l.to}>{l.label}</RouterLink></li>
        ))}
      </ul>
      {offline && <p className="attar-footer__note">{t`You are offline. The rest of the footer will show once you reconnect.`}</p>}
      {isPending && !offline && <p className="attar-footer__note">{t`Loading...`}</p>}
      {/* A failed refresh of a footer already shown leaves it as it was. */}
      {error && !data && !offline && <p className="attar-footer__note" role="alert">{t`Error: `}{error.message}</p>}
      {data && near && (
        // The description and the links below it show together, so nothing moves twice. Should the
        // sanitizer's file fail to load, the footer keeps its page links rather than the page failing.
        <LazyWidget>
          <SafeHtml html={data.footer.description} className="attar-footer__about" />
          <ul aria-label={t`Follow us`} className="attar-footer__links attar-footer__social">
            <li><a href={data.links.link_twitter} rel="noopener noreferrer" target="_blank">{t`TikTok`}</a></li>
            <li><a href={data.links.link_instegram} rel="noopener noreferrer" target="_blank">{t`Instagram`}</a></li>
            <li><a href={data.links.link_facebook} rel="noopener noreferrer" target="_blank">{t`Facebook`}</a></li>
          </ul>
        </LazyWidget>
      )}
      <p className="attar-footer__copy">{t`© 2024 Attar. Crafted by Nile Web Studio.`}</p>
    </footer>
  );
}
