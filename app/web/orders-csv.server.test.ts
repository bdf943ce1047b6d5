import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { orderDiscounts, orders, refunds } from "~/db/schema";
import { PAYMENT } from "~/lib/order-states";
import { REFUND_SOURCE, REFUND_STATUS } from "~/lib/refunds";
import { revenueByCurrency } from "~/models/after-sales";
import { listOrdersWithDetails } from "~/models/orders";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../tests/unit/fixtures";
import { toCsv } from "./csv.server";
import { ordersCsv } from "./orders-csv.server";

const EVIL = '=HYPERLINK("//evil.co","Pay")';
const HEADER = [
  "Order,Order ID,Invoice,Date,Paid at,Buyer,Email,Items,Item names,Address,Currency,Subtotal,Discount,Discount codes",
  "Shipping,Tax,Tax included in prices,Paid,Refunded,Net,Payment,Status",
].join(",");

/** A CSV file's rows by column name (its cells hold no line breaks here). */
function records(csv: string): Record<string, string>[] {
  const cells = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
      .slice(0, -1)
      .map(([, cell]) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
  const [header, ...lines] = csv.trim().split("\n").map(cells);
  return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i]])));
}

describe("every CSV the shop writes", () => {
  it("puts a quote before a cell a spreadsheet would run as a formula, and leaves numbers and plain text alone", () => {
    const csv = toCsv(
      ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
      [["=1+2", "+A1", "-2+3", "@SUM(A1)", "\tTab", -5, 3.5, "plain", "x, y"]],
    );
    expect(csv).toBe(`a,b,c,d,e,f,g,h,i\n'=1+2,'+A1,'-2+3,'@SUM(A1),'\tTab,-5,3.5,plain,"x, y"\n`);
  });
});

describe("the admin's orders as CSV", () => {
  beforeEach(() => clearOrders());

  it("has the items by name, the buyer's e-mail, the address, discounts, shipping and tax; a shopper's formula stays text", async () => {
    const buyerId = await createUser("Mallory");
    const [laptop, mouse] = [await createProduct(), await createProduct()];
    const order = await createOrder({
      userId: buyerId,
      userName: EVIL,
      lines: [
        { productId: mouse, quantity: 1, name: "Mouse", priceCents: 2500 },
        { productId: laptop, quantity: 2, name: "Laptop X", variantTitle: "16 GB / Silver", priceCents: 100000 },
      ],
    });
    await commitTogether((tx) =>
      tx
        .update(orders)
        .set({ shippingPriceCents: 1250, taxPriceCents: 10000, discountCents: 2500, totalPriceCents: 211250 })
        .where(eq(orders.id, order.id)),
    );
    await commitTogether((tx) =>
      tx.insert(orderDiscounts).values([
        { orderId: order.id, code: "SAVE25", name: "Save $25", kind: "amount", amountCents: 2500 },
        { orderId: order.id, code: null, name: "Free delivery week", kind: "free_shipping", amountCents: 2500 },
      ]),
    );
    const gone = await createOrder({
      userId: null,
      userName: "Former Buyer",
      lines: [{ productId: mouse, quantity: 3, name: "Mouse", priceCents: 2500 }],
    });

    const lines = ordersCsv(await listOrdersWithDetails(tableQuery("createdAt", { dir: "asc" }))).split("\n");
    expect(lines[0]).toBe(HEADER);
    const escaped = `"'=HYPERLINK(""//evil.co"",""Pay"")"`;
    expect(lines[1]).toBe(
      [
        `#${order.orderNumber}`,
        order.id,
        "",
        order.createdAt.toISOString(),
        order.paidAt!.toISOString(),
        escaped,
        `${buyerId}@example.com`,
        3,
        // A variant is named after its product.
        "2 × Laptop X (16 GB / Silver); 1 × Mouse",
        // The recipient (the fixture's buyer name) starts the address: escaped too.
        `"'=HYPERLINK(""//evil.co"",""Pay""), 1 Main St, Springfield 12345, France"`,
        "USD",
        "2025.00",
        "25.00",
        "Free delivery week; SAVE25",
        "12.50",
        "100.00",
        "no",
        "2112.50",
        "0.00",
        "2112.50",
        "Paid",
        "Processing",
      ].join(","),
    );
    // A deleted account: no e-mail, the name at purchase.
    expect(lines[2]).toBe(
      `#${gone.orderNumber},${gone.id},,${gone.createdAt.toISOString()},${gone.paidAt!.toISOString()},Former Buyer,,3,3 × Mouse,"Former Buyer, 1 Main St, Springfield 12345, France",USD,75.00,0.00,,0.00,0.00,no,75.00,0.00,75.00,Paid,Processing`,
    );
    expect(lines.slice(3)).toEqual([""]);
  });

  it("lists every order the table's search finds, in the table's order, on one sheet", async () => {
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await createOrder({ userName: i % 2 ? "Odd Buyer" : "Even Buyer" }));
    const numbers = (csv: string) =>
      csv
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.split(",")[0]);
    const all = made.map((o) => `#${o.orderNumber}`);
    // More than a page of the table (10 rows by default): every page goes into the file.
    expect(
      numbers(ordersCsv(await listOrdersWithDetails(tableQuery("createdAt", { q: "Buyer", dir: "desc" })))),
    ).toEqual([...all].reverse());
    const odd = made.filter((_, i) => i % 2).map((o) => `#${o.orderNumber}`);
    expect(
      numbers(ordersCsv(await listOrdersWithDetails(tableQuery("createdAt", { q: "Odd Buyer", dir: "desc" })))),
    ).toEqual(odd.reverse());
    expect(
      numbers(ordersCsv(await listOrdersWithDetails(tableQuery("createdAt", { q: `#${made[3].orderNumber}` })))),
    ).toEqual([`#${made[3].orderNumber}`]);
    expect(ordersCsv(await listOrdersWithDetails(tableQuery("createdAt", { q: "nobody at all" })))).toBe(`${HEADER}\n`);
  });

  it("says what became of each order's money, as the list does, and its net adds up to the dashboard's revenue per currency", async () => {
    const [laptop] = [await createProduct()];
    const line = (priceCents: number) => [{ productId: laptop, quantity: 1, priceCents }];
    const guest = await createOrder({ userName: "Guest Buyer", lines: line(11336) });
    await commitTogether((tx) =>
      tx.update(orders).set({ guestEmail: "guest@example.com" }).where(eq(orders.id, guest.id)),
    );
    const partly = await createOrder({ lines: line(20000) });
    const cancelled = await createOrder({ lines: line(5000), paymentStatus: PAYMENT.refunded });
    const euro = await createOrder({ lines: line(3990) });
    await commitTogether(async (tx) => {
      await tx.update(orders).set({ refundedCents: 2500 }).where(eq(orders.id, partly.id));
      await tx.insert(refunds).values({
        id: "r-partly",
        orderId: partly.id,
        amountCents: 2500,
        reason: "Scratched",
        status: REFUND_STATUS.succeeded,
        source: REFUND_SOURCE.shop,
        settledAt: new Date(),
      });
      await tx.update(orders).set({ refundedCents: 5000, cancelledAt: new Date() }).where(eq(orders.id, cancelled.id));
      await tx.update(orders).set({ currency: "EUR", locale: "de-DE" }).where(eq(orders.id, euro.id));
    });

    const rows = records(ordersCsv(await listOrdersWithDetails(tableQuery("createdAt"))));
    const byNumber = (order: { orderNumber: number }) => rows.find((r) => r.Order === `#${order.orderNumber}`)!;
    expect(byNumber(guest)).toMatchObject({ Email: "guest@example.com", Paid: "113.36", Net: "113.36" });
    expect(byNumber(partly)).toMatchObject({
      Paid: "200.00",
      Refunded: "25.00",
      Net: "175.00",
      Payment: "Partially refunded",
      Status: "Processing",
    });
    expect(byNumber(cancelled)).toMatchObject({
      Paid: "50.00",
      Refunded: "50.00",
      Net: "0.00",
      Payment: "Cancelled",
      Status: "Cancelled",
    });
    expect(byNumber(euro)).toMatchObject({ Currency: "EUR", Paid: "39.90", Net: "39.90" });

    const netOf = (currency: string) =>
      Math.round(rows.filter((r) => r.Currency === currency).reduce((sum, r) => sum + Number(r.Net) * 100, 0));
    expect(await revenueByCurrency("USD")).toEqual([
      { currency: "USD", cents: netOf("USD") },
      { currency: "EUR", cents: netOf("EUR") },
    ]);
    expect(netOf("USD")).toBe(113_36 + 175_00);
  });
});
