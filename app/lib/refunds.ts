import { PAYMENT } from "./order-states";
import { taxCentsOf } from "./pricing";

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

/**
 * What a placed order brought in, as the dashboard counts revenue: what was paid, what went back (all
 * of it once the payment is refunded in full) and what stayed, the net.
 */
export function orderNet(order: RefundableOrder): { paidCents: number; refundedCents: number; netCents: number } {
  const paidCents = order.totalPriceCents;
  const refundedCents = order.paymentStatus === PAYMENT.refunded ? paidCents : order.refundedCents;
  return { paidCents, refundedCents, netCents: paidCents - refundedCents };
}

/** The payment column of the admin's orders list (and its CSV): the payment state as above, or "Cancelled". */
export function orderPaymentLabel(order: RefundableOrder & { cancelledAt: Date | string | null }): string {
  return order.cancelledAt ? "Cancelled" : paymentStateLabel(order);
}

/** What may still be refunded: what was paid, less what went back and what is being refunded now. */
export function refundableCents(order: RefundableOrder, pendingCents = 0): number {
  if (order.paymentStatus !== PAYMENT.succeeded) return 0;
  return Math.max(0, order.totalPriceCents - order.refundedCents - pendingCents);
}

export type PricedOrder = {
  totalPriceCents: number;
  shippingPriceCents: number;
  itemsPriceCents: number;
  /** The order's tax, when it was charged on shipping too and added to the prices (not included in them). */
  taxRateBp?: number | null;
  taxIncluded?: boolean;
  taxOnShipping?: boolean;
};

/** What the buyer paid for shipping: its price, and the tax added on it when there was. */
export function paidForShippingCents(order: PricedOrder): number {
  const addedTax =
    order.taxOnShipping && !order.taxIncluded
      ? taxCentsOf(order.shippingPriceCents, {
          rateBp: order.taxRateBp ?? 0,
          included: false,
        })
      : 0;
  return order.shippingPriceCents + addedTax;
}

/**
 * What refunding some of an order's items gives back: their share of what the buyer paid for the
 * items (discount and tax included, shipping and its tax not), rounded to the cent.
 */
export function linesRefundCents(order: PricedOrder, lines: { priceCents: number; quantity: number }[]): number {
  const cents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  if (cents === 0 || order.itemsPriceCents <= 0) return 0;
  const paidForItems = order.totalPriceCents - paidForShippingCents(order);
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
