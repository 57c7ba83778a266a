import { useEffect } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { ProductCard } from '@/components/product-card';
import { wishlistQuery } from '@/features/wishlist/api/get-wishlist';
import { useRemoveFromWishlist } from '@/features/wishlist/api/remove-from-wishlist';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import type { ProductCard as Product } from '@/lib/contract';
import type { SignInState } from '@/lib/return-here';
import { usePageTitle } from '@/lib/page-title';
import { LoadFailed } from '@/components/load-failed';
import { WaitingChanges } from '@/components/waiting-changes';
import { isAwaited, isReplay, stampChange } from '@/lib/offline-changes';
import { useWaitingWishlist, waitingFav } from '@/features/wishlist/hooks/use-waiting-wishlist';
import { withMui } from '@/lib/mui/scope';


/** A visitor has no wishlist: say so and send them to sign in, coming back here after. */
function SignInFirst() {
  const { t } = useLingui();
  const message = t`Please sign in to use your wishlist.`;
  useEffect(() => {
    notify(message, { variant: 'info', preventDuplicate: true });
  }, [message]);
  const state: SignInState = { from: '/wishlist' };
  return <Navigate to="/sign-in" replace state={state} />;
}

function RemoveButton({ product }: { product: Product }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { token } = useSession();
  const remove = useRemoveFromWishlist();
  const name = product.name;
  return (
    <Button
      variant="text"
      color="error"
      size="small"
      aria-label={t`Remove: ${name}`}
      aria-busy={isAwaited(remove) || undefined}
      onClick={() => {
        if (isAwaited(remove)) return;
        const change = { productId: product.id, productName: name, stamp: stampChange(token, lang) };
        if (!onlineManager.isOnline()) {
          // Waits for the connection; the card leaves the list at once (the waiting removal).
          remove.mutate(change);
          return;
        }
        remove.mutate(change, {
          onSuccess: (message) => notify(message, { variant: 'success' }),
          onError: (error) => {
            if (isReplay(change)) return; // named app-wide
            if (!(error instanceof ApiError && error.status === 401)) notify(error.message, { variant: 'error' });
          },
        });
      }}
    >
      {t`Remove`}
    </Button>
  );
}

/** /wishlist: the signed-in shopper's saved products, each removable and addable to the cart. */
function Wishlist() {
  const { t } = useLingui();
  usePageTitle(t`Wishlist`);
  const { lang } = useLanguage();
  const { token, signedIn } = useSession();
  const { data, error, isPending, refetch, fetchStatus } = useQuery(wishlistQuery(lang, token));
  const waiting = useWaitingWishlist();

  if (!signedIn) return <SignInFirst />;

  // A removal waiting for the connection takes its card away now; an add shows in the waiting list.
  const shown = data?.filter((p) => waitingFav(waiting, p.id) !== false);

  let body;
  if (isPending && fetchStatus === 'paused') {
    body = <Typography>{t`You are offline. This page will load when you are back online.`}</Typography>;
  } else if (isPending) {
    body = (
      <Box className="attar-grid" role="status" aria-label={t`Loading…`}>
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={320} />)}
      </Box>
    );
  } else if (error && !shown) {
    body = <LoadFailed message={error.message} onRetry={() => void refetch()} />;
  } else if (!shown || shown.length === 0) {
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>{t`Your wishlist is empty.`}</Typography>
        <Button component={RouterLink} to="/" variant="contained">{t`Back to home`}</Button>
      </Box>
    );
  } else {
    body = (
      <Box component="ul" className="attar-grid">
        {shown.map((p) => (
          <li key={p.id}>
            <ProductCard
              product={p}
              actions={(
                <>
                  <RemoveButton product={p} />
                  <AddToCartButton productId={p.id} productName={p.name} disabled={!p.in_stock} className="attar-card__add-fill" />
                </>
              )}
            />
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="wishlist-title">
      <Typography id="wishlist-title" component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>{t`Wishlist`}</Typography>
      <WaitingChanges changes={waiting} />
      {body}
    </Box>
  );
}

export default withMui(Wishlist);
