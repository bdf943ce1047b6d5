import { dateFormatOf, dateFormatter } from "~/lib/dates";
import { and, asc, count, desc, eq, inArray, sum, type SQL } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { newId } from "~/db/ids";
import { containsText, lockRows } from "~/db/dialect";
import { selectPage } from "~/db/paging";
import { orderLines, orders, returnLines, returns, users } from "~/db/schema";
import type { ReturnSort } from "~/lib/admin-sorts";
import type { TableQuery } from "~/lib/table-query";
import { canViewOrder, isPlaced } from "~/lib/order-states";
import {
  isOrderLinkKey,
  customerColumns,
  getOrder,
  orderOrCustomerMatches,
  type OrderWithLines,
} from "~/models/orders";
import { PublicError } from "~/lib/public-error";
import {
  RETURN_ACTIONS,
  RETURN_STATUS,
  RETURNS_WAITING,
  returnDeadline,
  returnMoveProblem,
  returnWindowProblem,
  type ReturnAction,
  type ReturnFilter,
  type ReturnStatus,
} from "~/lib/returns";
import { lineName } from "~/lib/variants";
import { queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import { refundedQuantities, refundOrder, type Actor } from "./refunds.server";
import { getShopSettings } from "~/models/settings";

/** Who asks: a signed-in user (its owner, or an admin), or whoever holds a guest order's link key. */
export type OrderViewer = { id: string; role: string } | { orderKey: string };

const mayView = (order: { id: string; userId: string | null; paymentStatus: string }, viewer: OrderViewer) =>
  "orderKey" in viewer
    ? isOrderLinkKey(order.id, viewer.orderKey) && isPlaced(order.paymentStatus)
    : canViewOrder(order, viewer);

// Returns (see app/lib/returns.ts): the shopper asks, within the shop's window after delivery; the
// admin approves or rejects, marks the parcel received, and refunds: the items' share of what was
// paid, back in stock, through refundOrder (its key the return's, so it is made once). Each step is
// checked and written under the order's lock and mails the shopper (the refund's own mail, last).

export type Return = typeof returns.$inferSelect;
export type ReturnWithLines = Return & { lines: { orderLineId: string; quantity: number }[] };

const notFound = () => new PublicError("Order not found", 404);
const OPEN = [RETURN_STATUS.requested, RETURN_STATUS.approved, RETURN_STATUS.received];

/** How many of each line open returns (not refunded or rejected yet) ask back. */
async function askedBack(q: Tx | typeof db, orderId: string): Promise<Map<string, number>> {
  const rows = await q
    .select({ lineId: returnLines.orderLineId, quantity: sum(returnLines.quantity) })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, OPEN)))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.quantity ?? 0)]));
}

/** What is left to return of each line: bought, less refunded, less asked back already. */
async function returnableOf(q: Tx | typeof db, orderId: string, lines: { id: string; quantity: number }[]) {
  const [refunded, asked] = await Promise.all([refundedQuantities(q, orderId), askedBack(q, orderId)]);
  return new Map(lines.map((l) => [l.id, l.quantity - (refunded.get(l.id) ?? 0) - (asked.get(l.id) ?? 0)]));
}

/** The shopper's return page: the order (theirs), whether and until when it can be returned, and what is left of each line. */
export async function returnPlan(orderOrId: string | OrderWithLines, viewer: OrderViewer, now = new Date()) {
  // The caller's order, when it has read it already (the order page): not read twice.
  const order = typeof orderOrId === "string" ? await getOrder(orderOrId) : orderOrId;
  if (!order || !mayView(order, viewer)) return null;
  const settings = await getShopSettings();
  const { returnWindowDays } = settings;
  const left = await returnableOf(db, order.id, order.lines);
  return {
    order,
    problem: returnWindowProblem(order, returnWindowDays, now, dateFormatter(dateFormatOf(settings))),
    deadline: returnDeadline(order, returnWindowDays),
    lines: order.lines.map((line) => ({ ...line, returnable: Math.max(0, left.get(line.id) ?? 0) })),
  };
}

/** A shopper asks to return items of their delivered order, within the window; mailed to them. */
export async function requestReturn(
  viewer: OrderViewer,
  orderId: string,
  input: { items: { item: string; quantity: number }[]; reason: string },
  now = new Date(),
): Promise<ReturnWithLines> {
  const settings = await getShopSettings();
  const { returnWindowDays } = settings;
  const dates = dateFormatter(dateFormatOf(settings));
  const { made, mail } = await commitTogether(async (tx) => {
    await lockRows(tx, orders, [orderId]);
    const order = await getOrder(orderId, tx);
    if (!order || !mayView(order, viewer)) throw notFound();
    const problem = returnWindowProblem(order, returnWindowDays, now, dates);
    if (problem) throw new PublicError(problem, 409);
    const left = await returnableOf(tx, order.id, order.lines);
    const chosen = input.items.filter((i) => i.quantity > 0);
    for (const { item, quantity } of chosen) {
      const line = order.lines.find((l) => l.id === item);
      if (!line) throw new PublicError("That item is not part of this order.", 400, "items");
      const most = Math.max(0, left.get(line.id) ?? 0);
      if (quantity > most)
        throw new PublicError(
          most === 0
            ? `${lineName(line.name, line.variantTitle)} is returned or refunded already.`
            : `Only ${most} of ${lineName(line.name, line.variantTitle)} can be returned.`,
          409,
          "items",
        );
    }
    const [made] = await tx
      .insert(returns)
      .values({
        id: newId(),
        orderId,
        status: RETURN_STATUS.requested,
        reason: input.reason,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const lines = chosen.map(({ item, quantity }) => ({ returnId: made.id, orderLineId: item, quantity }));
    await tx.insert(returnLines).values(lines);
    const withLines = { ...made, lines: lines.map(({ orderLineId, quantity }) => ({ orderLineId, quantity })) };
    return { made: withLines, mail: await queueReturnMail(tx, order, withLines) };
  });
  void sendQueued(mail);
  return made;
}

/**
 * The admin's step on a return: approve, reject, receive, or refund (a received one: the items'
 * share through refundOrder, back in stock). Refused (409) when the return is not where the step
 * starts; a step made already answers as it is.
 */
export async function advanceReturn(
  returnId: string,
  action: ReturnAction,
  actor: Actor,
  now = new Date(),
): Promise<ReturnWithLines> {
  const found = await returnById(returnId);
  if (!found) throw new PublicError("Return not found", 404);
  const to = RETURN_ACTIONS[action];
  if (found.status === to) return found;
  const problem = returnMoveProblem(found.status, action);
  if (problem) throw new PublicError(problem, 409);
  let refundId: string | null = null;
  if (action === "refund") {
    const { refund } = await refundOrder(
      {
        orderId: found.orderId,
        lines: found.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
        amountCents: null,
        reason: `Returned: ${found.reason}`,
        restock: true,
        requestKey: `return:${found.id}`,
        actor,
      },
      now,
    );
    refundId = refund.id;
  }
  const mail = await commitTogether(async (tx) => {
    await lockRows(tx, orders, [found.orderId]);
    const [moved] = await tx
      .update(returns)
      .set({ status: to, updatedAt: now, ...(refundId ? { refundId } : {}) })
      .where(and(eq(returns.id, returnId), eq(returns.status, found.status)))
      .returning();
    if (!moved) {
      const [now_] = await tx.select({ status: returns.status }).from(returns).where(eq(returns.id, returnId));
      if (now_?.status === to) return null;
      throw new PublicError(returnMoveProblem(now_?.status ?? found.status, action) ?? "Try again.", 409);
    }
    // The refund's own mail tells the shopper of the last step.
    if (action === "refund") return null;
    const order = await getOrder(found.orderId, tx);
    return order ? queueReturnMail(tx, order, { ...moved, lines: found.lines }) : null;
  });
  void sendQueued(mail);
  return (await returnById(returnId))!;
}

async function returnById(returnId: string): Promise<ReturnWithLines | null> {
  const [found] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!found) return null;
  const lines = await db
    .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity })
    .from(returnLines)
    .where(eq(returnLines.returnId, returnId));
  return { ...found, lines };
}

/** An order's returns, oldest first, with their items. */
export async function returnsOf(orderId: string): Promise<ReturnWithLines[]> {
  const rows = await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(returnLines)
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    lines: lines.filter((l) => l.returnId === r.id).map(({ orderLineId, quantity }) => ({ orderLineId, quantity })),
  }));
}

/** The shopper's mail about a step of their return (null: no buyer to mail, or mailed already). */
async function queueReturnMail(tx: Tx, order: OrderWithLines, ret: ReturnWithLines): Promise<QueuedMail | null> {
  if (!order.buyer) return null;
  return queueMail(tx, {
    key: `return:${ret.id}:${ret.status}`,
    group: `order:${order.id}`,
    job: {
      kind: "returnUpdate",
      buyer: order.buyer,
      news: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: ret.status as Exclude<ReturnStatus, "refunded">,
        reason: ret.reason,
        items: ret.lines.map((l) => {
          const line = order.lines.find((o) => o.id === l.orderLineId);
          return { name: line ? lineName(line.name, line.variantTitle) : "An item", quantity: l.quantity };
        }),
      },
    },
  });
}

const statusesOf = (filter: ReturnFilter): readonly ReturnStatus[] =>
  filter === "waiting" ? RETURNS_WAITING : [filter];

/**
 * The admin's returns inbox: one page of every order's returns (those of `filter`, or all), with the
 * order's number, its customer and the items asked back by name; searched by order number, customer
 * or reason, sorted and paged in SQL.
 */
export async function listReturns(query: TableQuery<ReturnSort>, filter: ReturnFilter | null) {
  const conditions: (SQL | undefined)[] = [filter ? inArray(returns.status, statusesOf(filter)) : undefined];
  if (query.q) conditions.push(orderOrCustomerMatches(query.q, containsText(returns.reason, query.q)));
  const select = db
    .select({
      id: returns.id,
      orderId: returns.orderId,
      orderNumber: orders.orderNumber,
      ...customerColumns,
      status: returns.status,
      reason: returns.reason,
      createdAt: returns.createdAt,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .$dynamic();
  const page = await selectPage(
    select,
    {
      where: and(...conditions),
      sorts: { createdAt: returns.createdAt, orderNumber: orders.orderNumber, status: returns.status },
      tiebreak: [desc(returns.createdAt), desc(returns.id)],
    },
    query,
  );
  const ids = page.rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select({
          returnId: returnLines.returnId,
          quantity: returnLines.quantity,
          name: orderLines.name,
          variantTitle: orderLines.variantTitle,
        })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(inArray(returnLines.returnId, ids))
        .orderBy(asc(orderLines.name))
    : [];
  return {
    total: page.total,
    rows: page.rows.map((row) => ({
      ...row,
      items: lines
        .filter((l) => l.returnId === row.id)
        .map((l) => ({ name: lineName(l.name, l.variantTitle), quantity: l.quantity })),
    })),
  };
}

/** How many returns wait for the owner (RETURNS_WAITING): the dashboard's count. */
export async function countReturnsWaiting(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(returns).where(inArray(returns.status, RETURNS_WAITING));
  return row?.n ?? 0;
}
