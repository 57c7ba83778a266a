// What the shop knows of an order's money. Cash on delivery is 'unpaid' until
// the order is delivered (the courier brings the cash), then 'paid'. A
// Vodafone Cash ('cach') order is 'awaiting' until the shopper reports the
// transfer ('reported'), and 'paid' once the staff see it in the wallet.

import { PAYMENT_STATUSES } from '../contract/checkout.ts';

export { PAYMENT_STATUSES };
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A new order's payment status. */
export function initialPaymentStatus(payment: string): PaymentStatus {
  return payment === 'cach' ? 'awaiting' : 'unpaid';
}

/** Whether the shopper may report a wallet transfer for the order (again, to correct it, until it is paid). */
export function canReportTransfer(payment: string, status: string, paymentStatus: string): boolean {
  return payment === 'cach' && paymentStatus !== 'paid' && status !== 'cancelled';
}

/** The payment status after the order moves to `orderStatus`: a cash order is paid on delivery. */
export function paymentAfterStatus(payment: string, paymentStatus: string, orderStatus: string): PaymentStatus {
  if (payment === 'delivery' && orderStatus === 'delivered') return 'paid';
  return paymentStatus as PaymentStatus;
}
