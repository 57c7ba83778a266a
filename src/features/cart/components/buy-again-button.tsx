import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import { onlineManager } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/language';
import { isReplay, stampChange } from '@/lib/offline-changes';
import { useBuyAgain, type BuyAgain } from '../api/buy-again';
import { useWaitingCart } from '../hooks/use-waiting-cart';

/**
 * "Buy again" on an order (My orders, the order's page): its lines back in
 * the cart with their smells and gift (docs/rules.md, "Buy again"). What was
 * added and what was not is told when the server answers (buy-again.tsx),
 * from here or, for a change kept offline, whenever it is sent.
 *
 * Online, the button says it is working and ignores presses until the
 * answer (not disabled: the focus stays). Offline, the change waits in the
 * cart's queue like an add, and the button says so until it is sent; a press
 * meanwhile queues nothing more, so the order is not added twice.
 */
export function BuyAgainButton({ order, fullWidth = false }: { order: { id: number; number: string }; fullWidth?: boolean }) {
  const { t } = useLingui();
  const { token } = useSession();
  const { lang } = useLanguage();
  const buyAgain = useBuyAgain();
  const inFlight = useRef<BuyAgain | null>(null);
  const [working, setWorking] = useState<BuyAgain | null>(null);
  const queued = useWaitingCart().some((c) => c.kind === 'again' && c.vars.orderId === order.id);
  const orderNumber = order.number;
  const queuedText = t`You are offline. This change will be sent when you are back online.`;

  async function press() {
    if (queued) {
      notify(queuedText, { variant: 'info', preventDuplicate: true });
      return;
    }
    if (inFlight.current && !isReplay(inFlight.current)) return;
    const change: BuyAgain = { orderId: order.id, orderNumber: order.number, stamp: stampChange(token, lang) };
    if (!onlineManager.isOnline()) {
      buyAgain.mutate(change);
      notify(queuedText, { variant: 'info' });
      return;
    }
    inFlight.current = change;
    setWorking(change);
    try {
      // What was added is told by the change itself, once answered (buy-again.tsx).
      await buyAgain.mutateAsync(change);
    } catch (error) {
      // Held back by a lost connection and sent later: its failure is named app-wide (offline-changes.ts).
      if (!isReplay(change)) notify(error instanceof Error ? error.message : String(error), { variant: 'error' });
    } finally {
      inFlight.current = null;
      setWorking(null);
    }
  }

  const busy = working !== null && !isReplay(working);
  let label = t`Buy again`;
  if (busy) label = t`Adding…`;
  else if (queued) label = t`Waiting for a connection`;
  return (
    <Button
      variant="outlined"
      fullWidth={fullWidth}
      onClick={() => void press()}
      aria-busy={busy || undefined}
      // Named by what it shows, then which order: the name starts with the visible words (WCAG's "label in name").
      aria-label={t`${label}, order ${orderNumber}`}
    >
      {label}
    </Button>
  );
}
