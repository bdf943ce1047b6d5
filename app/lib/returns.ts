import { DEFAULT_DATE_FORMAT, dateFormatter, type DateFormatter } from "./dates";
import { FULFILMENT, PAYMENT } from "./order-states";

// Returns: a shopper asks to send back items of a delivered order within the shop's return window;
// the admin approves (or rejects), receives the parcel and refunds, the stock back. Pure.

export const RETURN_STATUS = {
  requested: "requested",
  approved: "approved",
  received: "received",
  refunded: "refunded",
  rejected: "rejected",
} as const;
export const RETURN_STATUSES = [
  RETURN_STATUS.requested,
  RETURN_STATUS.approved,
  RETURN_STATUS.received,
  RETURN_STATUS.refunded,
  RETURN_STATUS.rejected,
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Returns that wait for the owner: a request to approve or reject, a received parcel to refund. */
export const RETURNS_WAITING: readonly ReturnStatus[] = [RETURN_STATUS.requested, RETURN_STATUS.received];

/** The returns inbox's filter (the URL's `state`): those waiting for the owner, or one status. */
export const RETURN_FILTERS = ["waiting", ...RETURN_STATUSES] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];
export const RETURN_FILTER_LABELS: Record<ReturnFilter, string> = {
  waiting: "Waiting for you (requested or received)",
  requested: "Requested",
  approved: "Approved: items on their way back",
  received: "Received",
  refunded: "Refunded",
  rejected: "Rejected",
};

/** The filter the URL names; null (every return) for none or one it does not know. */
export const parseReturnFilter = (value: string | null): ReturnFilter | null =>
  (RETURN_FILTERS as readonly string[]).includes(value ?? "") ? (value as ReturnFilter) : null;

/** What the admin does to a return, and the status each leads to. */
export const RETURN_ACTIONS = {
  approve: "approved",
  reject: "rejected",
  receive: "received",
  refund: "refunded",
} as const;
export type ReturnAction = keyof typeof RETURN_ACTIONS;
export const RETURN_ACTION_NAMES = Object.keys(RETURN_ACTIONS) as [ReturnAction, ...ReturnAction[]];

/** Which status may follow which: requested → approved → received → refunded; rejected before receiving. */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: [RETURN_STATUS.approved, RETURN_STATUS.rejected],
  approved: [RETURN_STATUS.received, RETURN_STATUS.rejected],
  received: [RETURN_STATUS.refunded],
  refunded: [],
  rejected: [],
};

export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus) => NEXT[from].includes(to);

/** The buttons the admin sees for a return in this status. */
export const returnActionsFor = (status: ReturnStatus): ReturnAction[] =>
  RETURN_ACTION_NAMES.filter((action) => canMoveReturn(status, RETURN_ACTIONS[action]));

/** The status as the shopper and the admin read it. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: send the items back",
  received: "Received",
  refunded: "Refunded",
  rejected: "Rejected",
};

/** Why the words of a refused move: "This return is Refunded: it cannot be approved." */
export function returnMoveProblem(from: ReturnStatus, action: ReturnAction): string | null {
  if (canMoveReturn(from, RETURN_ACTIONS[action])) return null;
  const verbs: Record<ReturnAction, string> = {
    approve: "approved",
    reject: "rejected",
    receive: "marked received",
    refund: "refunded",
  };
  return `This return is ${RETURN_STATUS_LABELS[from].split(":")[0].toLowerCase()}: it cannot be ${verbs[action]}.`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReturnableOrder = {
  paymentStatus: string;
  orderStatus: string;
  cancelledAt: Date | string | null;
  deliveredAt: Date | string | null;
  totalPriceCents: number;
  refundedCents: number;
};

/** The last moment items of the order may be asked back (null: not delivered, or the shop takes no returns). */
export function returnDeadline(order: ReturnableOrder, windowDays: number): Date | null {
  if (windowDays <= 0 || !order.deliveredAt || order.orderStatus !== FULFILMENT.delivered) return null;
  return new Date(new Date(order.deliveredAt).getTime() + windowDays * DAY_MS);
}

/** Why the shopper cannot ask to return items of this order now (null when they can); dates as the shop writes them. */
export function returnWindowProblem(
  order: ReturnableOrder,
  windowDays: number,
  now: Date,
  dates: DateFormatter = dateFormatter(DEFAULT_DATE_FORMAT),
): string | null {
  if (windowDays <= 0) return "This shop does not take returns.";
  if (order.cancelledAt || order.paymentStatus !== PAYMENT.succeeded || order.refundedCents >= order.totalPriceCents)
    return "This order cannot be returned: it was cancelled or refunded.";
  const deadline = returnDeadline(order, windowDays);
  if (!deadline) return "Items can be returned once the order is delivered.";
  if (now > deadline) return `The ${windowDays}-day return window of this order closed on ${dates.dateTime(deadline)}.`;
  return null;
}
