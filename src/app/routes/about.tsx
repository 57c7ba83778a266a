import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { aboutQuery } from '@/features/content/api/get-about';
import { SafeHtml } from '@/components/safe-html';
import { useLanguage } from '@/lib/language';
import { usePageTitle } from '@/lib/page-title';

/** About us: the shop's story (server HTML, sanitized) and its picture. */
export default function About() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { data, error, isPending, isFetching, refetch } = useQuery(aboutQuery(lang));
  usePageTitle(data?.title ?? t`About us`);
  if (error && !isFetching) {
    return (
      <Box role="alert" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>{error.message}</Typography>
        <Button variant="contained" onClick={() => refetch()}>{t`Retry`}</Button>
      </Box>
    );
  }
  if (isPending || !data) {
    return (
      <Box aria-busy="true" sx={{ maxWidth: 800, mx: 'auto' }}>
        <Skeleton variant="text" width="50%" sx={{ fontSize: '2.125rem' }} aria-label={t`Loading…`} />
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '2 / 1', my: 2 }} />
        <Skeleton variant="text" /><Skeleton variant="text" /><Skeleton variant="text" width="70%" />
      </Box>
    );
  }
  return (
    <Box component="article" sx={{ maxWidth: 800, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{data.title}</Typography>
      <img src={data.image} alt="" width={1200} height={600} style={{ width: '100%', height: 'auto', aspectRatio: '2 / 1', display: 'block', borderRadius: 12, margin: '16px 0' }} />
      <SafeHtml html={data.content} sx={{ lineHeight: 1.8, '& h2': { fontSize: '1.5rem', mt: 3 } }} />
    </Box>
  );
}
