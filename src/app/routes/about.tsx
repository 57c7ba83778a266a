import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { aboutQuery } from '@/features/content/api/get-about';
import { SafeHtml } from '@/components/safe-html';
import { LoadFailed } from '@/components/load-failed';
import { useLanguage } from '@/lib/language';
import { plainDescription, usePageTitle } from '@/lib/page-title';
import '@/components/skeleton.css';
import './about.css';

/** About us: the shop's story (server HTML, sanitized) and its picture. */
export default function About() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { data, error, isPending, isFetching, refetch } = useQuery(aboutQuery(lang));
  usePageTitle(data?.title || t`About us`, plainDescription(data?.content) || t`Who we are at Attar: perfumes, oud and bakhoor chosen with care and delivered anywhere in Egypt.`);
  // A copy kept on the device stays on show when asking again fails (offline, a refresh fails).
  if (error && !data && !isFetching) {
    return (
      <div className="attar-about">
        <h1 className="attar-h4">{t`About us`}</h1>
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isPending || !data) {
    return (
      <div aria-busy="true" className="attar-about">
        <span className="attar-visually-hidden">{t`Loading…`}</span>
        <span className="attar-skeleton attar-skeleton--text attar-about__title-skeleton" aria-hidden="true" />
        <span className="attar-skeleton attar-skeleton--rounded attar-about__picture" aria-hidden="true" />
        {['100%', '100%', '70%'].map((width, i) => <span key={i} className="attar-skeleton attar-skeleton--text" style={{ width }} aria-hidden="true" />)}
      </div>
    );
  }
  return (
    <article className="attar-about">
      <h1 className="attar-h4">{data.title}</h1>
      <img src={data.image} alt="" width={1200} height={600} className="attar-about__picture" />
      <SafeHtml html={data.content} className="attar-about__text" />
    </article>
  );
}
