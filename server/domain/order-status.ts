// The order lifecycle. The shop moves orders forward one step at a time, or
// cancels them before they leave the shop.

import { ORDER_STATUSES } from '../contract/checkout.ts';

export { ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['on the way', 'cancelled'],
  'on the way': ['out for delivery'],
  'out for delivery': ['delivered'],
  delivered: [],
  cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function allowedNext(from: OrderStatus): OrderStatus[] {
  return [...NEXT[from]];
}
