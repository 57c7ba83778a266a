// The order just placed, for /order-is-done: kept in sessionStorage so the
// thank-you page survives a reload of the tab.

const KEY = 'attar placed order';

export interface PlacedOrderSummary {
  id: number;
  number: string;
  total: number;
  payment: string;
  wallet_phone: string;
  delivery_date: string;
}

let lastPlaced: PlacedOrderSummary | null = null;

export function savePlacedOrder(order: PlacedOrderSummary) {
  const { id, number, total, payment, wallet_phone, delivery_date } = order;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ id, number, total, payment, wallet_phone, delivery_date }));
  } catch {
    // Storage refused: the page still shows it from memory until a reload.
    lastPlaced = order;
  }
}

export function readPlacedOrder(): PlacedOrderSummary | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return lastPlaced;
    const v = JSON.parse(raw) as Partial<PlacedOrderSummary>;
    if (typeof v.id !== 'number' || typeof v.number !== 'string' || typeof v.total !== 'number') return null;
    return {
      id: v.id, number: v.number, total: v.total, payment: String(v.payment ?? ''),
      wallet_phone: String(v.wallet_phone ?? ''), delivery_date: String(v.delivery_date ?? ''),
    };
  } catch {
    return lastPlaced;
  }
}

/** Log-out: the thank-you page's order is the shopper's own data. */
export function forgetPlacedOrder() {
  lastPlaced = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was kept there.
  }
}
