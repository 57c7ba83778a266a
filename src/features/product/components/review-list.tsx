import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import type { Review } from '../api/get-product';
import { starsLabel } from './review-summary';

/** The reviews: who wrote each, the stars they gave, and what they said. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useLingui();
  if (reviews.length === 0) return <Typography color="text.secondary">{t`No reviews yet.`}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label={t`Reviews`}>
      {reviews.map((review, i) => (
        <Box component="li" key={`${i}-${review.created_at}`} sx={{ p: 2, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography component="span" dir="auto" sx={{ fontWeight: 700 }}>{review.user_name}</Typography>
            <Rating value={review.rate} precision={0.5} max={5} readOnly size="small" getLabelText={starsLabel} />
          </Box>
          {/* Shoppers write in either language, whatever the page's. */}
          <Typography dir="auto" sx={{ mt: 1, whiteSpace: 'pre-line', textAlign: 'start' }}>{review.comment}</Typography>
        </Box>
      ))}
    </Box>
  );
}
