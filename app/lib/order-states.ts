import { PublicError } from "./public-error";
import { isAdmin } from "./roles";

// The one place that knows an order's two statuses, how each may change, and who may see an order.
// Pure: the schema, the server models and the React components all read it.

/** Payment status values, as stored in orders.payment_status. */
export const PAYMENT = {
  /** Checkout started: stock reserved, not paid yet (the default of a new order). */
  requiresPayment: "requires_payment",
  /** Paid. */
  succeeded: "succeeded",
  /** Not paid in time or abandoned: the reserved stock went back. */
  canceled: "canceled",
  /** Paid after cancellation when the stock was gone: the money went back. */
  refunded: "refunded",
} as const;
export const PAYMENT_STATUSES = [
  PAYMENT.requiresPayment,
  PAYMENT.succeeded,
  PAYMENT.canceled,
  PAYMENT.refunded,
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Stripe's PaymentIntent status once paid: the same word as the shop's own paid status. */
export const STRIPE_INTENT_SUCCEEDED = PAYMENT.succeeded;

/** Fulfilment status values, as stored in orders.order_status; the admin sets them, in this order. */
export const FULFILMENT = { processing: "Processing", shipped: "Shipped", delivered: "Delivered" } as const;
export const ORDER_STATUSES = [FULFILMENT.processing, FULFILMENT.shipped, FULFILMENT.delivered] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/**
 * Which payment status may follow which. An unpaid order is paid or canceled (its stock returned);
 * a canceled one may still be paid late (its stock taken again) or, when the stock is gone,
 * refunded. A paid or refunded order's payment does not change.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  [PAYMENT.requiresPayment]: [PAYMENT.succeeded, PAYMENT.canceled],
  [PAYMENT.canceled]: [PAYMENT.succeeded, PAYMENT.refunded],
  [PAYMENT.succeeded]: [],
  [PAYMENT.refunded]: [],
};

/**
 * Which fulfilment status may follow which: the admin may set any other one. A step forward
 * (towards Delivered, skipping one or not) is the news the buyer is mailed about; a step back is a
 * correction, made only when confirmed and mailed to nobody (see changeOrderStatus).
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  [FULFILMENT.processing]: [FULFILMENT.shipped, FULFILMENT.delivered],
  [FULFILMENT.shipped]: [FULFILMENT.processing, FULFILMENT.delivered],
  [FULFILMENT.delivered]: [FULFILMENT.processing, FULFILMENT.shipped],
};

/** How a change of fulfilment status moves an order along Processing → Shipped → Delivered. */
export type OrderStatusStep = "none" | "forward" | "back";

export function orderStatusStep(from: OrderStatusValue, to: OrderStatusValue): OrderStatusStep {
  const [a, b] = [ORDER_STATUSES.indexOf(from), ORDER_STATUSES.indexOf(to)];
  return a === b ? "none" : a < b ? "forward" : "back";
}

/** A step back that was not confirmed: the admin's likely slip, refused until confirmed (409). */
export class UnconfirmedStepBackError extends PublicError {
  constructor(
    readonly from: OrderStatusValue,
    readonly to: OrderStatusValue,
  ) {
    super(
      `This order is ${from}. Moving it back to ${to} needs a confirmation; the buyer gets no mail about it.`,
      409,
      "status",
    );
    this.name = "UnconfirmedStepBackError";
  }
}

/** A status change the state machine does not allow: a bug in the caller, not a user's mistake. */
export class TransitionError extends Error {
  constructor(kind: string, from: string, to: string) {
    super(`The ${kind} status of an order cannot change from ${from} to ${to}.`);
    this.name = "TransitionError";
  }
}

const allows = <S extends string>(table: Readonly<Record<S, readonly S[]>>, from: S, to: S) =>
  table[from]?.includes(to) ?? false;

export const canChangePayment = (from: PaymentStatus, to: PaymentStatus) => allows(PAYMENT_TRANSITIONS, from, to);
export const canChangeOrderStatus = (from: OrderStatusValue, to: OrderStatusValue) =>
  allows(ORDER_STATUS_TRANSITIONS, from, to);

/** The payment status to write when moving from `from` to `to`; throws TransitionError if not allowed. */
export function changePayment(from: PaymentStatus, to: PaymentStatus): PaymentStatus {
  if (!canChangePayment(from, to)) throw new TransitionError("payment", from, to);
  return to;
}

/**
 * The fulfilment status to write when moving from `from` to `to`; throws TransitionError if not
 * allowed, UnconfirmedStepBackError for a step back without `confirmBackward`.
 */
export function changeOrderStatus(
  from: OrderStatusValue,
  to: OrderStatusValue,
  { confirmBackward = false } = {},
): OrderStatusValue {
  if (!canChangeOrderStatus(from, to)) throw new TransitionError("order", from, to);
  if (orderStatusStep(from, to) === "back" && !confirmBackward) throw new UnconfirmedStepBackError(from, to);
  return to;
}

/**
 * Why an order's fulfilment status cannot change to `to` (null when it can): a cancelled order does
 * not move any more, and an order that is not paid (or was refunded in full) is not shipped.
 */
export function fulfilmentProblem(
  order: { paymentStatus: string; cancelledAt: Date | string | null; fullyRefunded: boolean },
  to: OrderStatusValue,
): PublicError | null {
  if (order.cancelledAt) return new PublicError("This order was cancelled: its status cannot change.", 409, "status");
  if (to === FULFILMENT.processing) return null;
  if (order.paymentStatus !== PAYMENT.succeeded)
    return new PublicError(`This order is not paid: it cannot be ${to.toLowerCase()}.`, 409, "status");
  if (order.fullyRefunded)
    return new PublicError(`This order was refunded in full: it cannot be ${to.toLowerCase()}.`, 409, "status");
  return null;
}

/** The fulfilment status as people read it: "Cancelled" once the order is. */
export function fulfilmentLabel(order: { orderStatus: string; cancelledAt: Date | string | null }): string {
  return order.cancelledAt ? "Cancelled" : order.orderStatus;
}

/** Payment statuses of a placed order: paid, refunded included. Unpaid checkouts are internal. */
export const PLACED_PAYMENT_STATUSES = [
  PAYMENT.succeeded,
  PAYMENT.refunded,
] as const satisfies readonly PaymentStatus[];

export function isPlaced(status: string): boolean {
  return (PLACED_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/** Shown as PAID (refunded orders are not). */
export function isPaid(status: string): boolean {
  return status === PAYMENT.succeeded;
}

/** Whether an order has been delivered (the status contains "Delivered"). */
export function isDelivered(status: string): boolean {
  return status.includes(FULFILMENT.delivered);
}

/** An admin sees every order; its owner sees it once placed; anyone else never. */
export function canViewOrder(
  order: { userId: string | null; paymentStatus: string },
  viewer: { id: string; role: string } | null | undefined,
): boolean {
  if (!viewer) return false;
  if (isAdmin(viewer)) return true;
  return order.userId === viewer.id && isPlaced(order.paymentStatus);
}

/** The payment status as a receipt words it. */
export function paymentStatusLabel(status: string): string {
  const labels: Record<string, string> = {
    [PAYMENT.succeeded]: "Paid",
    [PAYMENT.refunded]: "Refunded",
    [PAYMENT.canceled]: "Canceled",
    [PAYMENT.requiresPayment]: "Not paid",
  };
  return labels[status] ?? status;
}
