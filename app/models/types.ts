import type { orderDiscounts, orderLines, orders, users } from "~/db/schema";
import type { ShippingInfo } from "~/lib/shipping-schema";

// The types every domain of app/models may share (each domain's face re-exports those it owns).
// They live here, below the domains, so that a domain naming another's type does not import it.

export type User = typeof users.$inferSelect;

/**
 * Whose cart: a signed-in user's (`userId`), or else the visitor cart a browser names (`cartId`,
 * from its cart cookie). A visitor's cart id never reaches a cart that has an owner.
 */
export type CartRef = { userId: string | null; cartId: string | null };

/**
 * Who is checking out: a signed-in user (their cart, their saved address) or a guest (a visitor's
 * cart, with the e-mail and address they gave kept on it). The checkout's steps take either.
 */
export type Buyer = {
  /** The account the order belongs to; null for a guest. */
  userId: string | null;
  cart: CartRef;
  name: string;
  /** Where the receipt goes. */
  email: string;
  shipping: ShippingInfo | null;
  shippingMethodId: string | null;
};

/** A method the shopper can choose, with what it costs for their cart. */
export type ShippingOption = { id: string; name: string; priceCents: number };

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
/**
 * Who the order's mails go to: the buyer's account as it is now, or a guest's e-mail with the key
 * of their order's link (order-links.server.ts); null once the account is deleted.
 */
export type OrderBuyer = { name: string; email: string; orderKey?: string } | null;
/** What a discount took off an order, as kept with it (order_discounts). */
export type OrderDiscount = Pick<typeof orderDiscounts.$inferSelect, "code" | "name" | "kind" | "amountCents">;
export type OrderWithLines = Order & { lines: OrderLine[]; buyer: OrderBuyer; discounts: OrderDiscount[] };
