import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { users } from "~/db/schema";
import { PAYMENT } from "~/lib/order-states";
import { insertOrder } from "~/models/checkout";
import { quoteOrder } from "~/models/pricing";

/** A shipping address, as a buyer saves it. */
export const SHIPPING = {
  recipientName: "Test Buyer",
  address: "1 Main St",
  city: "Springfield",
  phoneNo: "555 0100",
  postalCode: "12345",
  country: "France",
};

/** Writes a paid order of one unit of a product through the checkout's own insertOrder (numbered as checkouts number them). */
export async function buyOne(userId: string, productId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const lines = [{ productId, name: "Mouse", category: "Accessories", stock: 5, quantity: 1, priceCents: 10_00 }];
  const quote = await quoteOrder(lines, SHIPPING);
  return commitTogether(async (tx) =>
    insertOrder(tx, user, SHIPPING, lines, quote, { paymentStatus: PAYMENT.succeeded }),
  );
}
