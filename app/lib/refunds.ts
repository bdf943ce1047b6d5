import { PAYMENT } from "./order-states";

// Refunds and cancellations: the rules every page, API route and model reads. Pure.

/** A refund's life: written pending before the provider is asked, then succeeded or failed. */
export const REFUND_STATUS = { pending: "pending", succeeded: "succeeded", failed: "failed" } as const;
export const REFUND_STATUSES = [REFUND_STATUS.pending, REFUND_STATUS.succeeded, REFUND_STATUS.failed] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who made it: the shop (admin, cancellation, an unfulfillable payment) or the provider's own dashboard. */
export const REFUND_SOURCE = { shop: "shop", provider: "provider" } as const;
export const REFUND_SOURCES = [REFUND_SOURCE.shop, REFUND_SOURCE.provider] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** The reason written for a refund made in Stripe's dashboard, which gives none. */
export const PROVIDER_REFUND_REASON = "Refunded in the payment provider's dashboard";

export type RefundableOrder = { paymentStatus: string; totalPriceCents: number; refundedCents: number };

/** How much of a paid order went back: none, part of it, or all of it. */
export function refundState(order: RefundableOrder): "none" | "partial" | "full" {
  if (order.paymentStatus === PAYMENT.refunded) return "full";
  if (order.paymentStatus !== PAYMENT.succeeded || order.refundedCents <= 0) return "none";
  return order.refundedCents >= order.totalPriceCents ? "full" : "partial";
}

/** The payment state as the admin and the buyer read it. */
export function paymentStateLabel(order: RefundableOrder): string {
  const state = refundState(order);
  if (state === "full") return "Refunded";
  if (state === "partial") return "Partially refunded";
  return order.paymentStatus === PAYMENT.succeeded ? "Paid" : "Not paid";
}

/** The payment column of the admin's orders list: the payment state as above, or "Cancelled". */
export function orderPaymentLabel(order: RefundableOrder & { cancelledAt: Date | string | null }): string {
  return order.cancelledAt ? "Cancelled" : paymentStateLabel(order);
}

/** What may still be refunded: what was paid, less what went back and what is being refunded now. */
export function refundableCents(order: RefundableOrder, pendingCents = 0): number {
  if (order.paymentStatus !== PAYMENT.succeeded) return 0;
  return Math.max(0, order.totalPriceCents - order.refundedCents - pendingCents);
}

export type PricedOrder = { totalPriceCents: number; shippingPriceCents: number; itemsPriceCents: number };

/**
 * What refunding some of an order's items gives back: their share of what the buyer paid for the
 * items (discount and tax included, shipping not), rounded to the cent.
 */
export function linesRefundCents(order: PricedOrder, lines: { priceCents: number; quantity: number }[]): number {
  const cents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  if (cents === 0 || order.itemsPriceCents <= 0) return 0;
  const paidForItems = order.totalPriceCents - order.shippingPriceCents;
  return Math.round((cents * paidForItems) / order.itemsPriceCents);
}

/** Why an amount cannot be refunded from this order (null when it can). */
export function refundAmountProblem(
  order: RefundableOrder,
  amountCents: number,
  pendingCents: number,
  money: (cents: number) => string,
): string | null {
  if (order.paymentStatus !== PAYMENT.succeeded) return "Only a paid order can be refunded.";
  const refundable = refundableCents(order, pendingCents);
  if (refundable === 0) return "This order has been refunded in full already.";
  if (amountCents <= 0) return "Choose the items to refund or enter an amount.";
  if (amountCents > refundable) return `You can refund at most ${money(refundable)} of this order.`;
  return null;
}
