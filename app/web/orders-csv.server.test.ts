import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { orderDiscounts, orders } from "~/db/schema";
import { listOrdersWithDetails } from "~/models/orders.server";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../tests/unit/fixtures";
import { toCsv } from "./csv.server";
import { ordersCsv } from "./orders-csv.server";

const EVIL = '=HYPERLINK("//evil.co","Pay")';

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
    expect(lines[0]).toBe(
      "Order,Order ID,Date,Buyer,Email,Items,Item names,Address,Discount,Discount codes,Shipping,Tax,Amount,Status",
    );
    const escaped = `"'=HYPERLINK(""//evil.co"",""Pay"")"`;
    expect(lines[1]).toBe(
      [
        `#${order.orderNumber}`,
        order.id,
        order.createdAt.toISOString(),
        escaped,
        `${buyerId}@example.com`,
        3,
        // A variant is named after its product.
        "2 × Laptop X (16 GB / Silver); 1 × Mouse",
        // The recipient (the fixture's buyer name) starts the address: escaped too.
        `"'=HYPERLINK(""//evil.co"",""Pay""), 1 Main St, Springfield 12345, France"`,
        "25.00",
        "Free delivery week; SAVE25",
        "12.50",
        "100.00",
        "2112.50",
        "Processing",
      ].join(","),
    );
    // A deleted account: no e-mail, the name at purchase.
    expect(lines[2]).toBe(
      `#${gone.orderNumber},${gone.id},${gone.createdAt.toISOString()},Former Buyer,,3,3 × Mouse,"Former Buyer, 1 Main St, Springfield 12345, France",0.00,,0.00,0.00,75.00,Processing`,
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
    expect(ordersCsv(await listOrdersWithDetails(tableQuery("createdAt", { q: "nobody at all" })))).toBe(
      "Order,Order ID,Date,Buyer,Email,Items,Item names,Address,Discount,Discount codes,Shipping,Tax,Amount,Status\n",
    );
  });
});
