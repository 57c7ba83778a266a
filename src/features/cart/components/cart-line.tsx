import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { buttonClass, SelectField } from '@/components/plain-controls';
import { ProductImage } from '@/components/product-image';
import { pictureOf } from '@/lib/image-sources';
import { notify } from '@/lib/notify';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { formatMoney, formatNumber } from '@/lib/money';
import { PriceChanged } from '@/components/price-changed';
import { useSession } from '@/lib/session';
import { useOnline } from '@/lib/offline';
import { isAwaited, isReplay, stampChange, type Change as KeptChange } from '@/lib/offline-changes';
import { useChangeCartLine } from '../api/change-cart-line';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSetSmells, type SetSmells } from '../api/set-smells';
import { useCartFailure } from '../hooks/use-cart-failure';
import { lineAfter, type WaitingCartChange } from '../hooks/use-waiting-cart';
import { BUY_2_GET_1 } from '@contract/cart-rules';
import { needsGift } from './cart-rules';
import './cart.css';

export type CartLineData = CartData['product_in_card'][number];

/** The server's message follows 'Updating smell...' after a second. */
const SMELL_MESSAGE_DELAY = 1000;

type Change = 'qty' | 'remove' | 'smell' | 'gift';

interface Props {
  line: CartLineData;
  cardId: number;
  /** the line is gone: the list moves focus somewhere that still exists */
  onRemoved(): void;
  /** the cart's changes waiting for the connection: the line shows what they will make of it */
  waiting: readonly WaitingCartChange[];
}

/**
 * One cart line: image, name, unit price, the line's subtotal (the server's),
 * sale type, quantity, remove, the smells and, on a 'buy 2 get 1' line of
 * exactly 2, the gift (at 1, a hint that one more brings it).
 *
 * Smells: each unit has its own, but a line of several units starts with
 * "Same smell for every unit" on (unless its units already differ), so one
 * select sets them all; the request still carries one smell per unit.
 * Switched off, each unit has its select.
 *
 * One change at a time per line: a second click while one is in flight would
 * race it (two quantities computed from the same old one, smells sent for a
 * quantity that is changing), so it is ignored; smell choices made meanwhile
 * are queued and sent together once the one in flight is answered. Nothing is
 * disabled while busy, so focus stays where the shopper left it.
 *
 * Offline, each change is kept for later as it is made (nothing is in flight,
 * so nothing is ignored), and the line shows what the waiting changes will
 * make of it; the next change starts from there. So it is for a change whose
 * answer was lost on a flaky network: it is sent again by itself, listed as
 * waiting, and no longer holds the line.
 */
export function CartLine({ line, cardId, onRemoved, waiting }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { token } = useSession();
  const online = useOnline();
  const failed = useCartFailure();
  const change = useChangeCartLine();
  const remove = useRemoveFromCart();
  const setSmells = useSetSmells();
  const after = lineAfter(line, waiting);

  /** the change whose answer the line waits for (see `held`) */
  const inFlight = useRef<{ kind: Change; vars?: KeptChange } | null>(null);
  /** a smell choice is being sent: newer ones join it */
  const sendingSmells = useRef(false);
  /** smell choices not yet answered by the server, newest last */
  const wantedSmells = useRef<(string | null)[] | null>(null);
  const [smellDraft, setSmellDraft] = useState<(string | null)[] | null>(null);
  const [giftDraft, setGiftDraft] = useState<number | null>(null);
  /** the shopper's "Same smell for every unit"; until touched, on unless the units' smells differ */
  const [sameChosen, setSameChosen] = useState<boolean | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const minusRef = useRef<HTMLButtonElement>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  const qty = after.qty;
  // Minus at 1 and plus at stock become disabled; if that is where focus was, it moves to the other one.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active === minusRef.current && minusRef.current?.disabled) plusRef.current?.focus();
    else if (active === plusRef.current && plusRef.current?.disabled) minusRef.current?.focus();
  }, [qty, line.stock]);

  const name = line.product_name;
  // A change waiting for the connection, or resent by itself, is not busy.
  const busy = [change, remove, setSmells].some(isAwaited);
  const smells = smellDraft ?? after.smells;
  const giftId = giftDraft ?? after.giftId;
  const removing = after.removing;
  const offline = () => !onlineManager.isOnline();
  const fields = { productId: line.product_id, productName: name };

  /** A change is in flight and its answer awaited (one that became a replay queues the next instead). */
  const held = () => inFlight.current !== null && !isReplay(inFlight.current.vars);

  async function run(kind: Change, vars: KeptChange, action: () => Promise<void>) {
    if (held()) return;
    const mine = { kind, vars };
    inFlight.current = mine;
    try {
      await action();
    } finally {
      if (inFlight.current === mine) inFlight.current = null;
    }
  }

  const setQty = async (next: number) => {
    if (next < 1 || next > line.stock) return;
    const vars = { ...fields, cardId, qty: next, stamp: stampChange(token, lang) };
    if (offline()) return change.mutate(vars);
    await run('qty', vars, async () => {
      try {
        await change.mutateAsync(vars);
      } catch (error) {
        failed(error, undefined, vars);
      }
    });
  };

  const removeLine = async () => {
    // All the units there are or will be: the server removes the line when none are left.
    const vars = { ...fields, qty: Math.max(qty, line.product_qty), stamp: stampChange(token, lang) };
    if (offline()) {
      remove.mutate(vars);
      onRemoved();
      return;
    }
    await run('remove', vars, async () => {
      try {
        const answer = await remove.mutateAsync(vars);
        notify(answer.message, { variant: 'success' });
        onRemoved();
      } catch (error) {
        failed(error, undefined, vars);
      }
    });
  };

  /** the unit (from 1) of the newest smell choice, naming the change; 0: every unit */
  const wantedUnit = useRef(1);

  /** `unit` from 0, or 'all' for every unit at once. */
  function chooseSmell(unit: number | 'all', value: string) {
    const chosen = value === '' ? null : value;
    const set = (from: (string | null)[]) => (unit === 'all' ? from.map(() => chosen) : from.map((s, i) => (i === unit ? chosen : s)));
    const named = unit === 'all' ? { unit: 0, all: true } : { unit: unit + 1 };
    if (offline()) {
      setSmells.mutate({ ...fields, itemId: line.id, smell: set(smells), ...named, stamp: stampChange(token, lang) });
      return;
    }
    // A quantity, gift or removal in flight changes the slots: this choice is dropped (the select shows the server's).
    if (held() && inFlight.current?.kind !== 'smell') return;
    const next = set(wantedSmells.current ?? smells);
    wantedSmells.current = next;
    wantedUnit.current = named.unit;
    setSmellDraft(next);
    notify(t`Updating smell...`, { variant: 'info' });
    if (sendingSmells.current) return; // sent when the one in flight is answered
    void sendSmells();
  }

  async function sendSmells() {
    sendingSmells.current = true;
    const mine: { kind: Change; vars?: KeptChange } = { kind: 'smell' };
    inFlight.current = mine;
    const startedAt = Date.now();
    let vars: SetSmells | undefined;
    try {
      while (wantedSmells.current) {
        const smell = wantedSmells.current;
        vars = { ...fields, itemId: line.id, smell, unit: wantedUnit.current, ...(wantedUnit.current === 0 ? { all: true } : {}), stamp: stampChange(token, lang) };
        mine.vars = vars;
        const answer = await setSmells.mutateAsync(vars);
        if (wantedSmells.current !== smell) continue; // a newer choice came meanwhile: send it too
        wantedSmells.current = null;
        const wait = Math.max(0, SMELL_MESSAGE_DELAY - (Date.now() - startedAt));
        timers.current.push(setTimeout(() => notify(answer.message, { variant: 'success' }), wait));
      }
    } catch (error) {
      // The cart stays as the server last answered it.
      wantedSmells.current = null;
      failed(error, undefined, vars);
    } finally {
      sendingSmells.current = false;
      if (inFlight.current === mine) inFlight.current = null;
      setSmellDraft(null);
    }
  }

  const chooseGift = async (value: string) => {
    if (value === '') return;
    const chosen = Number(value);
    const giftName = line.giftproduct.find((g) => g.gift_id === chosen)?.gift_name;
    const vars = { ...fields, cardId, qty, giftId: chosen, giftName, stamp: stampChange(token, lang) };
    if (offline()) return change.mutate(vars);
    await run('gift', vars, async () => {
      setGiftDraft(chosen);
      try {
        const answer = await change.mutateAsync(vars);
        notify(answer.message, { variant: 'success' });
      } catch (error) {
        failed(error, t`Failed to update gift`, vars);
      } finally {
        setGiftDraft(null);
      }
    });
  };

  const unitPrice = formatMoney(line.product_price, lang);
  // The server's amount for the line; while a quantity waits to be sent it would be the old one, so it is left out.
  const lineTotal = qty === line.product_qty ? formatMoney(line.line_total, lang) : null;
  const buy2 = line.typesale_name === BUY_2_GET_1;
  const chosenSmells = new Set(smells.filter((s) => s !== null));
  const sameSmell = qty > 1 && (sameChosen ?? chosenSmells.size <= 1);
  // One smell shows in the shared select only when every unit has it.
  const commonSmell = smells.every((s) => s !== null && s === smells[0]) ? smells[0] : null;
  const shownQty = formatNumber(qty, lang);
  const stock = formatNumber(line.stock, lang);
  const chosenGift = line.giftproduct.find((g) => g.gift_id === giftId);

  return (
    <li className="attar-panel attar-line" aria-busy={busy || undefined} data-removing={removing || undefined}>
      <ProductImage className="attar-line__image" src={line.product_image} picture={pictureOf(line, 'product_image')} sizes="112px" alt="" width={112} height={112} loading="lazy" />
      <div className="attar-line__body">
        <div className="attar-line__info">
          <h3 className="attar-line__name">
            <RouterLink to={`/products/product-details/${line.product_id}`}>{name}</RouterLink>
          </h3>
          <div className="attar-line__price-row">
            <span className="attar-line__price" data-testid="unit-price">{t`${unitPrice} each`}</span>
            {buy2 && <span className="attar-chip">{t`Buy 2 get 1`}</span>}
          </div>
          {line.previous_price !== null && (
            <p className="attar-line__changed"><PriceChanged before={line.previous_price} now={line.product_price} /></p>
          )}
          {lineTotal && <p className="attar-line__total" data-testid="line-total">{t`Subtotal: ${lineTotal}`}</p>}
          {buy2 && qty === 1 && !removing && <p className="attar-line__hint">{t`Add one more to get a free gift`}</p>}
          {removing && (
            <p className="attar-line__note">
              {online ? t`Removing…` : t`Will be removed when you are back online.`}
            </p>
          )}
          {line.stock < qty && (
            <p className="attar-line__warning">
              {line.stock <= 0 ? t`Out of stock` : t`Only ${stock} left in stock`}
            </p>
          )}
        </div>

        <div className="attar-line__controls">
          <div className="attar-line__qty" role="group" aria-label={t`Quantity of ${name}`}>
            <button
              ref={minusRef}
              type="button"
              className={`${buttonClass()} attar-line__step`}
              aria-label={t`Decrease quantity of ${name}`}
              disabled={removing || qty <= 1}
              onClick={() => void setQty(qty - 1)}
            >
              −
            </button>
            <output className="attar-line__count" aria-live="polite" data-testid="qty">{shownQty}</output>
            <button
              ref={plusRef}
              type="button"
              className={`${buttonClass()} attar-line__step`}
              aria-label={t`Increase quantity of ${name}`}
              disabled={removing || qty >= line.stock}
              onClick={() => void setQty(qty + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className={buttonClass('error')} disabled={removing} onClick={() => void removeLine()} aria-label={t`Remove: ${name}`}>
            {t`Remove`}
          </button>
        </div>

        {line.product_smell.length > 0 && qty > 1 && (
          <label className="attar-switch">
            <input
              type="checkbox"
              role="switch"
              className="attar-switch__input"
              checked={sameSmell}
              disabled={removing}
              aria-label={t`Same smell for every unit of ${name}`}
              onChange={(event) => setSameChosen(event.target.checked)}
            />
            <span className="attar-switch__track" aria-hidden="true" />
            <span>{t`Same smell for every unit`}</span>
          </label>
        )}

        {line.product_smell.length > 0 && sameSmell && (
          <div className="attar-line__smells">
            <SelectField
              label={t`Smell for every unit`}
              aria-label={t`Smell for every unit of ${name}`}
              value={commonSmell ?? ''}
              disabled={removing}
              onChange={(event) => chooseSmell('all', event.target.value)}
            >
              <option value="" disabled>{t`Choose a smell`}</option>
              {line.product_smell.map((option) => <option key={option} value={option}>{option}</option>)}
            </SelectField>
          </div>
        )}

        {line.product_smell.length > 0 && !sameSmell && (
          <div className="attar-line__smells">
            {smells.map((value, i) => {
              const unit = formatNumber(i + 1, lang);
              return (
                <SelectField
                  key={i}
                  label={t`Smell for unit ${unit}`}
                  aria-label={t`Smell for unit ${unit} of ${name}`}
                  value={value ?? ''}
                  disabled={removing}
                  onChange={(event) => chooseSmell(i, event.target.value)}
                >
                  <option value="" disabled>{t`Choose a smell`}</option>
                  {line.product_smell.map((option) => <option key={option} value={option}>{option}</option>)}
                </SelectField>
              );
            })}
          </div>
        )}

        {needsGift({ typesale_name: line.typesale_name, product_qty: qty }) && (
          <div className="attar-line__gift">
            <SelectField
              label={t`Free gift`}
              aria-label={t`Free gift with ${name}`}
              value={giftId === null ? '' : String(giftId)}
              disabled={removing}
              onChange={(event) => void chooseGift(event.target.value)}
            >
              <option value="" disabled>{t`Choose a gift`}</option>
              {line.giftproduct.map((g) => <option key={g.gift_id} value={String(g.gift_id)}>{g.gift_name}</option>)}
            </SelectField>
            {chosenGift && <img className="attar-line__gift-image" src={chosenGift.gift_image} alt="" width={40} height={40} />}
          </div>
        )}
      </div>
    </li>
  );
}
