import type { QueryClient } from '@tanstack/react-query';
import { registerChange } from '@/lib/offline-changes';
import { addToCartChange } from './add-to-cart';
import { changeCartLineChange } from './change-cart-line';
import { setSmellsChange } from './set-smells';
import { removeFromCartChange } from './remove-from-cart';
import { buyAgainChange } from './buy-again';

/**
 * The cart changes a shopper can make offline: add, quantity and gift,
 * smells, remove, an order bought again. Registered when the query client is made, before the
 * persisted cache is restored, so a change left waiting can be sent.
 */
export function registerCartChanges(queryClient: QueryClient) {
  registerChange(queryClient, addToCartChange);
  registerChange(queryClient, changeCartLineChange);
  registerChange(queryClient, setSmellsChange);
  registerChange(queryClient, removeFromCartChange);
  registerChange(queryClient, buyAgainChange);
}
