import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { homeQuery } from '@/features/catalog/api/get-home';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { missedConnection } from '@/pwa/offline-read';
import { buttonClass } from '@/components/plain-controls';
import { ProductCard } from '@/components/product-card';
import { cardActions } from '../card-actions';
import type { HomeData, ProductCard as Product } from '@/lib/contract';
import { usePageTitle } from '@/lib/page-title';
import { useProgressive } from '@/lib/use-progressive';
import '@/components/skeleton.css';
import './home.css';

function Section({ title, products }: { title: string; products: Product[] }) {
  return (
    <section className="attar-home__section" aria-label={title}>
      <h2 className="attar-h5 attar-home__heading">{title}</h2>
      <div className="attar-grid">
        {products.map((p) => <ProductCard key={p.id} product={p} actions={cardActions(p)} />)}
      </div>
    </section>
  );
}

/** Cards drawn in each commit after the first: a phone's two rows. */
const CARDS_A_STEP = 4;

/**
 * Offers, best sellers and new arrivals: below the hero and the categories, so drawn after them,
 * a few cards a commit. A section shows once it has a card.
 */
function ProductSections({ data }: { data: HomeData }) {
  const { t } = useLingui();
  const sections = [
    { title: t`Offers`, products: data.offers },
    { title: t`Best sellers`, products: data.best_sellers },
    { title: t`New arrivals`, products: data.new_arrivals },
  ];
  let left = useProgressive(sections.reduce((n, s) => n + s.products.length, 0), 0, CARDS_A_STEP);
  return sections.map(({ title, products }) => {
    const shown = products.slice(0, left);
    left -= shown.length;
    return shown.length > 0 && <Section key={title} title={title} products={shown} />;
  });
}

/** Home: hero, categories, offers, best sellers, new arrivals. */
export default function Home() {
  const { t } = useLingui();
  const { lang, dir } = useLanguage();
  const online = useOnline();
  const { data: fresh, error, refetch, isPending, fetchStatus } = useQuery(homeQuery(lang));
  // Rendered from a deferred copy: React builds the sections in slices in the background, so the
  // answer's arrival is not one long task (Total Blocking Time).
  const data = useDeferredValue(fresh);
  usePageTitle(t`Perfumes, oud and bakhoor in Egypt`, t`Attar: perfumes, oud, bakhoor and gifts delivered anywhere in Egypt.`);
  // A failed refresh of a home already shown (offline, say) leaves it on screen.
  if (!data && (error || fetchStatus === 'paused')) {
    const offline = !online && missedConnection({ error, fetchStatus });
    return (
      <div role="alert" className="attar-home__failed">
        <p>{offline ? t`You are offline, and the home page hasn't been saved on this device yet.` : error?.message}</p>
        <button type="button" className={buttonClass('contained')} onClick={() => void refetch()}>{t`Retry`}</button>
      </div>
    );
  }
  if (isPending || !data) {
    // The hero's place while home loads (skeleton.css).
    return <div role="status" aria-label={t`Loading…`} className="attar-skeleton attar-skeleton--hero" />;
  }
  const hero = data.Data_home_page;
  // Plain (home.css): home is the first route of most visits
  // (docs/decisions.md, "MUI kept off the first load").
  return (
    <>
      <section className="attar-home__hero">
        {/* The art leaves room for the text at the start of the line: mirrored for Arabic. */}
        <img src={hero.hero_image} alt="" width={1600} height={700} fetchPriority="high" style={{ width: '100%', height: 'auto', display: 'block', aspectRatio: '16 / 7', transform: dir === 'rtl' ? 'scaleX(-1)' : undefined }} />
        <div className="attar-home__hero-text">
          <h1 className="attar-home__title">{hero.hero_title}</h1>
          <p className="attar-home__subtitle">{hero.hero_subtitle}</p>
          <RouterLink to="/products" className={`${buttonClass('contained', 'secondary')} attar-home__shop`}>{t`Shop now`}</RouterLink>
        </div>
      </section>
      <section className="attar-home__section" aria-label={t`Categories`}>
        <h2 className="attar-h5 attar-home__heading">{t`Categories`}</h2>
        <div className="attar-home__categories">
          {data.categories.map((c) => (
            <RouterLink key={c.id} to={`/products/category/${c.id}`} className={`${buttonClass('outlined')} attar-home__category`}>
              {/* The tile's width, whatever its name: an auto column followed the name's width, which moved as the font arrived (CLS). */}
              <img src={c.image} alt="" width={200} height={200} loading="lazy" decoding="async" style={{ width: '100%', height: 'auto', aspectRatio: '1', borderRadius: 8 }} />
              <span>{c.name}</span>
            </RouterLink>
          ))}
        </div>
      </section>
      <ProductSections data={data} />
    </>
  );
}
