import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { useReturnHere } from '@/lib/return-here';
import { isAwaited, isReplay, stampChange } from '@/lib/offline-changes';
import { HeartIcon } from '@/components/icons';
import { iconButtonClass } from '@/components/plain-controls';
import { wishlistQuery } from '../api/get-wishlist';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { useWaitingWishlist, waitingFav } from '../hooks/use-waiting-wishlist';

interface Props {
  productId: number;
  /** the card's `is_fav`: shown until the wishlist itself has loaded */
  isFav?: boolean;
  /** names the button for screen readers when several sit on one page */
  productName?: string;
}

/**
 * The wishlist heart. The signed-in shopper's wishlist (one cached query) says
 * whether it is filled, so every heart for a product agrees, on cards and on
 * the details page alike. A visitor is told to sign in and sent there.
 * Offline, each toggle waits for the connection (kept across a reload) and
 * the heart shows what the waiting changes will make of it.
 */
export function WishButton({ productId, isFav = false, productName }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { token, signedIn } = useSession();
  const navigate = useNavigate();
  const here = useReturnHere();
  const wishlist = useQuery(wishlistQuery(lang, token));
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  // What the shopper just chose, until a newer wishlist arrives from the server.
  const [chosen, setChosen] = useState<{ fav: boolean; at: number } | null>(null);

  const waiting = waitingFav(useWaitingWishlist(), productId);
  const listed = waiting ?? (wishlist.data ? wishlist.data.some((p) => p.id === productId) : isFav);
  const fav = signedIn && (chosen && chosen.at >= wishlist.dataUpdatedAt ? chosen.fav : listed);
  // A change waiting for the connection (or resent by itself) is not busy: the shopper may toggle again.
  const busy = isAwaited(add) || isAwaited(remove);

  function toggle() {
    // Not `disabled` while busy: that would drop keyboard focus.
    if (busy) return;
    if (!signedIn) {
      notify(t`Please sign in to use your wishlist.`, { variant: 'info', preventDuplicate: true });
      navigate('/sign-in', { state: here });
      return;
    }
    const next = !fav;
    setChosen({ fav: next, at: Date.now() });
    const change = { productId, productName: productName ?? '', stamp: stampChange(token, lang) };
    if (!onlineManager.isOnline()) {
      (next ? add : remove).mutate(change);
      notify(t`You are offline. This change will be sent when you are back online.`, { variant: 'info' });
      return;
    }
    (next ? add : remove).mutate(change, {
      onSuccess: (message) => notify(message, { variant: 'success' }),
      onError: (error) => {
        setChosen(null);
        // Held back by a lost connection and sent later: its failure is named app-wide (offline-changes.ts).
        if (isReplay(change)) return;
        // A 401 is the app-wide handler's: it already asked the shopper to sign in.
        if (error instanceof ApiError && error.status === 401) return;
        notify(error.message, { variant: 'error' });
      },
    });
  }

  const label = productName
    ? fav ? t`Remove ${productName} from wishlist` : t`Add ${productName} to wishlist`
    : fav ? t`Remove from wishlist` : t`Add to wishlist`;
  // Plain (controls.css), as MUI's IconButton: it is on every product card
  // (docs/decisions.md, "MUI kept off the first load").
  return (
    <button
      type="button"
      className={fav ? iconButtonClass('error') : iconButtonClass()}
      onClick={toggle}
      aria-busy={busy || undefined}
      aria-label={label}
      data-fav={fav}
    >
      {fav ? <HeartIcon /> : <HeartIcon fill="none" stroke="currentColor" strokeWidth={2} />}
    </button>
  );
}
