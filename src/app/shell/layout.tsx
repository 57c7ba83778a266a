import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { cartQuery } from '@/features/cart/api/get-cart';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { LoadingView } from '@/components/loading-view';
import { Banner } from './banner';
import { Nav } from './nav';
import { Footer } from './footer';
import { UnauthorizedHandler } from '../unauthorized';

/** Banner, navigation, the routed screen, footer (spec §2). */
export function Layout() {
  const { lang, dir } = useLanguage();
  const { token, setCartCount } = useSession();
  // Spec §4: on mount the cart is fetched and the badge follows card_count.
  const { data: cart } = useQuery(cartQuery(lang, token));
  useEffect(() => {
    if (!cart) return;
    setCartCount(cart.card_count);
    // Spec §3: the points are kept too, when nonzero.
    storage.setPoints(cart.points);
  }, [cart, setCartCount]);
  return (
    <Box dir={dir} sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <UnauthorizedHandler />
      <ScrollRestoration />
      <Banner />
      <Nav />
      <Box component="main" id="main" sx={{ flexGrow: 1, width: '100%', maxWidth: 1200, mx: 'auto', px: 2, py: 3 }}>
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
