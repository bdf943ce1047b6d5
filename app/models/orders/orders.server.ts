import { and, asc, desc, eq, inArray, or, sql, type Column, type SQL } from "drizzle-orm";
import { db, type Queryable } from "~/db/client.server";
import type {
  Buyer as CheckoutBuyer,
  Order,
  OrderBuyer as Buyer,
  OrderDiscount,
  OrderLine,
  OrderWithLines,
} from "~/models/types";
import { orderLinkKey } from "./order-links.server";
import { config } from "~/config.server";
import { orderDiscounts, orderLines, orders, users } from "~/db/schema";
import { absoluteUrl } from "~/lib/absolute-url";
import type { OrderPayload, PaymentState } from "~/lib/api-payloads";
import { centsToDollars } from "~/lib/money";
import { canViewOrder, isPlaced as isPlacedStatus, PLACED_PAYMENT_STATUSES } from "~/lib/order-states";
import { parseOrderNumber } from "~/lib/order-number";
import { paymentStateLabel } from "~/lib/refunds";
import { trackingOf } from "~/lib/shipment-tracking";
import type { OrderSort } from "~/lib/admin-sorts";
import type { TableQuery } from "~/lib/table-query";
import { selectPage, selectPreparedPage } from "~/db/paging";
import { preparedOnce, containsText, inList, listParam } from "~/db/dialect";

export type { Order, OrderBuyer as Buyer, OrderDiscount, OrderLine, OrderWithLines } from "~/models/types";

/** The account's buyer, else the guest's (their name as they gave it at checkout). */
function buyerOf(order: Order, account: { name: string; email: string } | null | undefined): Buyer {
  if (account) return account;
  if (order.guestEmail && !order.userId)
    return { name: order.userName, email: order.guestEmail, orderKey: orderLinkKey(order.id) };
  return null;
}

/** Whether the order is this buyer's: their account's, or the guest order made from their cart. */
export function buyerOwns(buyer: CheckoutBuyer, order: { userId: string | null; cartId: string | null }): boolean {
  if (buyer.userId) return order.userId === buyer.userId;
  return order.userId === null && !!buyer.cart.cartId && order.cartId === buyer.cart.cartId;
}

const discountColumns = {
  orderId: orderDiscounts.orderId,
  code: orderDiscounts.code,
  name: orderDiscounts.name,
  kind: orderDiscounts.kind,
  amountCents: orderDiscounts.amountCents,
};

// Ids as one list parameter: the same SQL, prepared once, for any number of ids (no limit on bound values).
const anyOf = (column: Column) => inList(column, sql.placeholder("ids"));
const ofIds = (ids: string[]) => ({ ids: listParam(ids) });

const manyStatements = preparedOnce((q) => ({
  buyers: q.select({ id: users.id, name: users.name, email: users.email }).from(users).where(anyOf(users.id)).prepare(),
  orders: q.select().from(orders).where(anyOf(orders.id)).prepare(),
  lines: q.select().from(orderLines).where(anyOf(orderLines.orderId)).orderBy(asc(orderLines.name)).prepare(),
  lineNames: q
    .select({ orderId: orderLines.orderId, name: orderLines.name })
    .from(orderLines)
    .where(anyOf(orderLines.orderId))
    .orderBy(asc(orderLines.name))
    .prepare(),
  discounts: q
    .select(discountColumns)
    .from(orderDiscounts)
    .where(anyOf(orderDiscounts.orderId))
    .orderBy(asc(orderDiscounts.name))
    .prepare(),
}));

async function buyersOf(userIds: (string | null)[]): Promise<Map<string, Buyer>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const rows = await manyStatements(db).buyers.execute(ofIds(ids));
  return new Map(rows.map(({ id, ...buyer }) => [id, buyer]));
}

/** Each order with its lines (by name) and its buyer as the account is now. */
async function withLinesAndBuyers(list: Order[]): Promise<OrderWithLines[]> {
  if (list.length === 0) return [];
  const lines = new Map<string, OrderLine[]>(list.map((o) => [o.id, []]));
  for (const line of await manyStatements(db).lines.execute(ofIds(list.map((o) => o.id))))
    lines.get(line.orderId)?.push(line);
  const discounts = new Map<string, OrderDiscount[]>(list.map((o) => [o.id, []]));
  for (const { orderId, ...discount } of await manyStatements(db).discounts.execute(ofIds(list.map((o) => o.id))))
    discounts.get(orderId)?.push(discount);
  const buyers = await buyersOf(list.map((o) => o.userId));
  return list.map((o) => ({
    ...o,
    lines: lines.get(o.id) ?? [],
    buyer: buyerOf(o, buyers.get(o.userId ?? "")),
    discounts: discounts.get(o.id) ?? [],
  }));
}

/**
 * Orders the shopper and the admin see: paid ones (unpaid checkouts are internal), in SQL. Also
 * applies to another table's payment status column (the dashboard's per-day totals).
 */
export const isPlaced = (paymentStatus: Column = orders.paymentStatus) =>
  inArray(paymentStatus, PLACED_PAYMENT_STATUSES);

// Read for every paid order (see preparedOnce in the dialect), inside its transaction or not.
const statements = preparedOnce((q) => ({
  orderAndBuyer: q
    .select({ order: orders, buyerName: users.name, buyerEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, sql.placeholder("id")))
    .prepare(),
  lines: q
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderLines.name))
    .prepare(),
  discounts: q
    .select(discountColumns)
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderDiscounts.name))
    .prepare(),
  orderOfIntent: q
    .select()
    .from(orders)
    .where(eq(orders.paymentIntentId, sql.placeholder("intentId")))
    .prepare(),
}));

/** An order with its lines (by name) and buyer, read through `q` (a transaction's, to see its writes); null when there is none. */
export async function getOrder(id: string, q: Queryable = db): Promise<OrderWithLines | null> {
  const [row] = await statements(q).orderAndBuyer.execute({ id });
  if (!row) return null;
  const [lines, discounts] = await Promise.all([
    statements(q).lines.execute({ orderId: id }),
    statements(q).discounts.execute({ orderId: id }),
  ]);
  const { buyerName, buyerEmail } = row;
  return {
    ...row.order,
    lines,
    discounts: discounts.map(({ orderId: _, ...discount }) => discount),
    buyer: buyerOf(
      row.order,
      buyerName !== null && buyerEmail !== null ? { name: buyerName, email: buyerEmail } : null,
    ),
  };
}

/** The order of a payment intent, read through `q` (a transaction's, to see its writes). */
export async function getOrderByIntent(intentId: string, q: Queryable = db): Promise<Order | undefined> {
  return (await statements(q).orderOfIntent.execute({ intentId }))[0];
}

export async function getOrderByCheckoutSession(sessionId: string): Promise<Order | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)).limit(1);
  return order;
}

/** An order as its owner (once placed) or an admin may see it; anyone else gets null, as for a missing order. */
export async function getOrderFor(id: string, viewer: { id: string; role: string }): Promise<OrderWithLines | null> {
  const order = await getOrder(id);
  return order && canViewOrder(order, viewer) ? order : null;
}

/** A placed order of this buyer (a user, or a guest by their cart), or null: what the success page shows after a purchase. */
export async function getPlacedOrderOf(id: string, buyer: CheckoutBuyer): Promise<OrderWithLines | null> {
  const order = await getOrder(id);
  return order && buyerOwns(buyer, order) && isPlacedStatus(order.paymentStatus) ? order : null;
}

export type OrderListQuery = TableQuery<OrderSort>;

// Written out in full: inside a one-table select drizzle would print the outer column unqualified.
const itemCount = sql<number>`(SELECT COALESCE(SUM("order_lines"."quantity"), 0) FROM "order_lines" WHERE "order_lines"."order_id" = "orders"."id")`;

const sortColumns = {
  createdAt: orders.createdAt,
  totalPrice: orders.totalPriceCents,
  orderStatus: orders.orderStatus,
  numOfItems: itemCount,
  id: orders.id,
  orderNumber: orders.orderNumber,
} as const;

/**
 * Who bought an order, as the admin's lists show it: the account's name and e-mail as they are now,
 * else the name given at checkout and a guest's e-mail (null: the account was deleted). For a
 * select that left-joins users on orders.userId.
 */
export const customerColumns = {
  customerName: sql<string>`COALESCE(${users.name}, ${orders.userName})`,
  customerEmail: sql<string | null>`COALESCE(${users.email}, ${orders.guestEmail})`,
};

/**
 * The admin's search of a select over orders that left-joins users: the order's number is `q`, or
 * its customer's name or e-mail contains it, or one of `more` holds.
 */
export function orderOrCustomerMatches(q: string, ...more: SQL[]): SQL | undefined {
  const number = parseOrderNumber(q);
  return or(
    number === null ? undefined : eq(orders.orderNumber, number),
    containsText(orders.userName, q),
    containsText(users.name, q),
    containsText(users.email, q),
    containsText(orders.guestEmail, q),
    ...more,
  );
}

const orderRows = () =>
  db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userName: orders.userName,
      ...customerColumns,
      totalPriceCents: orders.totalPriceCents,
      currency: orders.currency,
      locale: orders.locale,
      refundedCents: orders.refundedCents,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      cancelledAt: orders.cancelledAt,
      createdAt: orders.createdAt,
      numOfItems: itemCount,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .$dynamic();
const orderPage = (where: SQL | undefined) => ({
  where,
  sorts: sortColumns,
  tiebreak: [desc(orders.createdAt), desc(orders.id)],
});

/** One page of placed orders (one user's, or everyone's for admins), searched and sorted in SQL. */
export async function listOrders(query: OrderListQuery, userId?: string) {
  if (userId && !query.q) {
    // A shopper's My Orders, read on every visit: its queries are prepared once per sort.
    const mine = and(isPlaced(), eq(orders.userId, sql.placeholder("userId")));
    return selectPreparedPage("orders-of-user", () => ({ select: orderRows(), spec: orderPage(mine) }), query, {
      userId,
    });
  }
  const conditions: (SQL | undefined)[] = [isPlaced()];
  if (userId) conditions.push(eq(orders.userId, userId));
  if (query.q)
    conditions.push(
      orderOrCustomerMatches(query.q, containsText(orders.id, query.q), containsText(orders.orderStatus, query.q)),
    );
  return selectPage(orderRows(), orderPage(and(...conditions)), query);
}

/** The names of each order's lines, by order id (for a page of orders). */
export async function itemNamesOf(orderIds: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return names;
  for (const line of await manyStatements(db).lineNames.execute(ofIds(orderIds)))
    names.get(line.orderId)?.push(line.name);
  return names;
}

/** Every placed order the admin's list shows for this search and sort, with lines and buyers, in its order (the CSV export). */
export async function listOrdersWithDetails(query: Omit<OrderListQuery, "page" | "size">): Promise<OrderWithLines[]> {
  const ids = (await listOrders({ ...query, page: 1, size: Number.MAX_SAFE_INTEGER })).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const byId = new Map((await manyStatements(db).orders.execute(ofIds(ids))).map((order) => [order.id, order]));
  return withLinesAndBuyers(ids.flatMap((id) => byId.get(id) ?? []));
}

/**
 * An order in the specification's shape: prices in dollars, images as absolute URLs, `user` as
 * the original API populates it (`{ _id, name, email }`; the name at purchase once deleted).
 */
export function orderJson(order: OrderWithLines): OrderPayload {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    currency: order.currency,
    locale: order.locale,
    invoiceNumber: order.invoiceNumber,
    user: { _id: order.userId, name: order.buyer?.name ?? order.userName, email: order.buyer?.email ?? null },
    userName: order.userName,
    orderItems: order.lines.map((l) => ({
      product: l.productId,
      variant: l.variantId,
      variantTitle: l.variantTitle,
      sku: l.sku,
      name: l.name,
      price: centsToDollars(l.priceCents),
      quantity: l.quantity,
      image: l.image === null ? null : absoluteUrl(config.publicUrl, l.image),
    })),
    shippingInfo: {
      recipientName: order.shippingRecipientName,
      address: order.shippingAddress,
      city: order.shippingCity,
      state: order.shippingState,
      phoneNo: order.shippingPhoneNo,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
    },
    paymentInfo: { id: order.paymentIntentId, status: order.paymentStatus },
    itemsPrice: centsToDollars(order.itemsPriceCents),
    discountPrice: centsToDollars(order.discountCents),
    discounts: order.discounts.map((d) => ({
      code: d.code,
      name: d.name,
      kind: d.kind,
      amount: centsToDollars(d.amountCents),
    })),
    shippingPrice: centsToDollars(order.shippingPriceCents),
    shippingMethod: order.shippingMethod,
    taxPrice: centsToDollars(order.taxPriceCents),
    tax:
      order.taxName === null
        ? null
        : {
            name: order.taxName,
            rate: (order.taxRateBp ?? 0) / 100,
            included: order.taxIncluded,
            onShipping: order.taxOnShipping,
          },
    totalPrice: centsToDollars(order.totalPriceCents),
    orderStatus: order.orderStatus,
    paidAt: order.paidAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    tracking: trackingOf(order.shippingCarrier, order.trackingNumber),
    refundedPrice: centsToDollars(order.refundedCents),
    paymentState: paymentStateLabel(order) as PaymentState,
    isCancelled: order.cancelledAt !== null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Placed orders with their lines, newest first: one user's (GET /api/v1/orders/me) or all (admin). */
export async function listOrdersWithLines(userId?: string): Promise<OrderWithLines[]> {
  const placed = await db
    .select()
    .from(orders)
    .where(and(isPlaced(), userId ? eq(orders.userId, userId) : undefined))
    .orderBy(desc(orders.createdAt));
  return withLinesAndBuyers(placed);
}
