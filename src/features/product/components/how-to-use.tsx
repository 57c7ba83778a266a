import { useLingui } from '@lingui/react/macro';
import { SafeHtml } from '@/components/safe-html';
import { useDataSaver } from '@/lib/data-saver';
import type { ProductDetails } from '../api/get-product';
import { Carousel, SlideImage } from './carousel';
import './product-page.css';

/** How to use the product: the server's HTML and its pictures (held back by data saver until seen). */
export function HowToUse({ name, howToUse }: { name: string; howToUse: ProductDetails['How_to_use'] }) {
  const { t } = useLingui();
  const dataSaver = useDataSaver();
  const slides = howToUse.images.map((src, i) => {
    const number = i + 1;
    return {
      key: `${i}-${src}`,
      content: (
        <SlideImage
          src={src}
          alt={t`How to use ${name}, image ${number}`}
          width={600}
          height={600}
          loading="lazy"
          style={{ width: '100%', height: 'auto', aspectRatio: '1', display: 'block', borderRadius: 8 }}
        />
      ),
    };
  });
  return (
    <section className="attar-section" aria-labelledby="how-to-use-heading">
      <h2 id="how-to-use-heading" className="attar-h5 attar-section__title">{t`How to use`}</h2>
      <div className={slides.length ? 'attar-how-to attar-how-to--pictures' : 'attar-how-to'}>
        <SafeHtml html={howToUse.how_to_use} className="attar-how-to__text" />
        {slides.length > 0 && <Carousel label={t`How to use images`} slides={slides} deferImages={dataSaver} />}
      </div>
    </section>
  );
}
