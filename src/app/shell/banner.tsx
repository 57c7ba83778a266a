import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { homeQuery } from '@/features/catalog/api/get-home';
import { useLanguage } from '@/lib/language';

export const BANNER_REPEAT = 23;

// Written for ltr; stylis-plugin-rtl mirrors it for Arabic. The track holds the
// 23 copies twice, so moving by half of it loops without a jump.
const scroll = keyframes`from { transform: translateX(0); } to { transform: translateX(-50%); }`;

/** The announcement banner: message_nav 23 times in a scrolling row; still for reduced motion. */
export function Banner() {
  const { lang } = useLanguage();
  const { data } = useQuery(homeQuery(lang));
  const message = data?.Data_home_page.message_nav ?? '';
  return (
    <Box
      component="aside"
      aria-label={message}
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', overflow: 'hidden', whiteSpace: 'nowrap', height: 32, lineHeight: '32px', fontSize: 14 }}
    >
      {message && (
        <Box
          aria-hidden="true"
          data-testid="banner-track"
          sx={{
            display: 'inline-block',
            animation: `${scroll} 240s linear infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            // One rule for the 46 copies: a styled Box each cost the first render 46 style computations.
            '& > span > span': { px: 4 },
          }}
        >
          {[0, 1].map((half) => (
            <span key={half} data-testid="banner-copies">
              {Array.from({ length: BANNER_REPEAT }, (_, i) => (
                <span key={i}>{message}</span>
              ))}
            </span>
          ))}
        </Box>
      )}
    </Box>
  );
}
