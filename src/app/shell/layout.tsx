import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { cartQuery } from '@/features/cart/api/get-cart';
import { isAnsweredAdd } from '@/features/cart/api/add-to-cart';
import { useWaitingCart } from '@/features/cart/hooks/use-waiting-cart';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { useOnline } from '@/lib/offline';
import { LoadingView } from '@/components/loading-view';
import { Banner } from './banner';
import { Nav } from './nav';
import { Footer } from './footer';
import { UnauthorizedHandler } from '../unauthorized';
import { setShellTakeover, takingOverShell } from '../server-render';
import { RouteErrorBoundary } from '../route-error';
import { useScrollRestoration } from './use-scroll-restoration';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { usePageAddresses } from './use-page-addresses';
import { PrefetchNext } from '@/pwa/prefetch';
import { noteStartLocation } from '@/lib/use-progressive';

/**
 * 'You are offline' while the connection is gone, and a short 'Back online'
 * when it returns (docs/architecture.md, "Offline"). The status region is
 * always in the page, so a screen reader announces the bar when it appears.
 */
function OfflineBar() {
  const { t } = useLingui();
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) notify(t`Back online`, { variant: 'success', autoHideDuration: 3000 });
    wasOnline.current = online;
  }, [online, t]);
  return (
    <div role="status" data-testid="offline-status">
      {!online && <div className="attar-offline-bar">{t`You are offline`}</div>}
    </div>
  );
}

/**
 * The page's first tab stop, shown when focused: it takes a keyboard shopper past the banner and
 * the bar's links to the screen itself. It moves the focus rather than following `#main`, which
 * would add a history entry (and the router's navigation) for a jump within the page.
 */
function SkipLink() {
  const { t } = useLingui();
  return (
    <a
      href="#main"
      className="attar-skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t`Skip to content`}
    </a>
  );
}

/** Banner, navigation, the routed screen, footer. */
export function Layout() {
  const { lang, dir } = useLanguage();
  const { token, setCartCount } = useSession();
  const { pathname, key } = useLocation();
  // Taking over the server's shell alone: its loading view first, as the server drew it, then the
  // screen (a transition: the loading view stays until the screen's code is here).
  const [shellFirst, setShellFirst] = useState(takingOverShell);
  useEffect(() => {
    if (!shellFirst) return;
    setShellTakeover(false);
    startTransition(() => setShellFirst(false));
  }, [shellFirst]);
  useScrollRestoration();
  useFocusOnNavigation();
  usePageAddresses();
  // Later screens reached by Back or Forward draw whole (use-progressive.ts).
  useState(() => noteStartLocation(key));
  // On mount the cart is fetched, and the badge follows its card_count.
  const { data: cart } = useQuery(cartQuery(lang, token));
  // Adds waiting for the connection count in the badge at once; the money waits for the server.
  const waitingAdds = useWaitingCart().filter((c) => c.kind === 'add' && !isAnsweredAdd(c.vars)).length;
  useEffect(() => {
    if (!cart) return;
    setCartCount(cart.card_count + waitingAdds);
    // The cart's points are kept on the device too, when nonzero.
    storage.setPoints(cart.points);
  }, [cart, waitingAdds, setCartCount]);
  return (
    // Plain (shell.css): the shell is taken over on every page
    // (docs/decisions.md, "MUI kept off the first load").
    <div dir={dir} className="attar-layout">
      <SkipLink />
      <UnauthorizedHandler />
      <OfflineBar />
      <Banner />
      <Nav />
      <main id="main" className="attar-main" tabIndex={-1}>
        {/* A screen that fails to load or render shows its error inside the shell; leaving it clears it. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingView />}>
            {shellFirst ? <LoadingView /> : <Outlet />}
            <PrefetchNext />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
