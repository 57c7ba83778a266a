import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { SafeHtml } from '@/components/safe-html';
import { useDataSaver } from '@/lib/data-saver';
import { useLanguage } from '@/lib/language';
import type { ProductDetails } from '../api/get-product';
import { Carousel, SlideImage } from './carousel';

/** How to use the product: the server's HTML and its pictures (held back by data saver until seen). */
export function HowToUse({ name, howToUse }: { name: string; howToUse: ProductDetails['How_to_use'] }) {
  const { t } = useLingui();
  const dataSaver = useDataSaver();
  const { lang } = useLanguage();
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
    <Box component="section" aria-labelledby="how-to-use-heading" sx={{ mt: 5 }}>
      <Typography id="how-to-use-heading" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>{t`How to use`}</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: slides.length ? '1fr minmax(0, 400px)' : '1fr' }, alignItems: 'start' }}>
        <SafeHtml html={howToUse.how_to_use} sx={{ '& ol, & ul': { mt: 0, paddingInlineStart: 3 }, '& ol': { listStyleType: lang === 'ar' ? 'arabic-indic' : 'decimal' } }} />
        {slides.length > 0 && <Carousel label={t`How to use images`} slides={slides} deferImages={dataSaver} />}
      </Box>
    </Box>
  );
}
