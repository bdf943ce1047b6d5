import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cartLines, products, users } from "~/db/schema";
import { clearCatalogue, createProduct } from "../../tests/unit/fixtures";
import { CartError, adoptVisitorCart, getCartCount, loadCart, removeCartLine, setCartLine, stepCartLine } from "./cart.server";

function requestWith(setCookie?: string | null) {
  const cookie = setCookie ? setCookie.split(";")[0] : "";
  return new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });
}

beforeEach(() => clearCatalogue());

describe("cart lines", () => {
  it("creates a cart on the first add and counts lines, one per product", async () => {
    const a = createProduct({ stock: 5 });
    const b = createProduct({ stock: 5 });
    expect(await getCartCount(requestWith(), null)).toBe(0);

    const headers = await setCartLine(requestWith(), null, a, 2);
    const cookie = headers.get("Set-Cookie");
    expect(cookie).toContain("shop_cart=");
    const withCart = requestWith(cookie);
    expect(await getCartCount(withCart, null)).toBe(1);

    // Same cart: no new cookie; adding the same product again replaces its quantity.
    expect((await setCartLine(withCart, null, a, 4)).get("Set-Cookie")).toBeNull();
    await setCartLine(withCart, null, b, 1);
    expect(await getCartCount(withCart, null)).toBe(2);
    const line = db.select().from(cartLines).where(eq(cartLines.productId, a)).get();
    expect(line?.quantity).toBe(4);
  });

  it("refuses more than the stock, an out-of-stock product and an unknown product", async () => {
    const few = createProduct({ stock: 2 });
    const none = createProduct({ stock: 0 });
    await expect(setCartLine(requestWith(), null, few, 3)).rejects.toThrow(new CartError("Only 2 left in stock.", 409, "quantity"));
    await expect(setCartLine(requestWith(), null, none, 1)).rejects.toThrow("This product is out of stock.");
    await expect(setCartLine(requestWith(), null, "missing", 1)).rejects.toThrow("This product no longer exists.");
  });

  it("ignores a tampered cart cookie", async () => {
    const request = new Request("http://shop.test/", { headers: { Cookie: "shop_cart=forged" } });
    expect(await getCartCount(request, null)).toBe(0);
  });
});

describe("carts of signed-in users", () => {
  const user = () => ({ id: createUserRow() });
  function createUserRow() {
    const id = `u${Math.random().toString(36).slice(2)}`;
    db.insert(users).values({ id, name: "Cart User", email: `${id}@example.com` }).run();
    return id;
  }

  it("the visitor's cart joins the account's cart at sign-in; the visitor's choice wins", async () => {
    const a = createProduct({ stock: 9 });
    const b = createProduct({ stock: 9 });
    const owner = user();
    await setCartLine(requestWith(), owner, a, 1);
    const visitorCookie = (await setCartLine(requestWith(), null, a, 5)).get("Set-Cookie");
    await setCartLine(requestWith(visitorCookie), null, b, 2);

    await adoptVisitorCart(requestWith(visitorCookie), owner.id);
    const { lines } = await loadCart(requestWith(), owner);
    expect(lines.map((l) => [l.productId, l.quantity]).sort()).toEqual([[a, 5], [b, 2]].sort());
    // The visitor cart is gone: after logging out, the browser's cookie shows an empty cart.
    expect(await getCartCount(requestWith(visitorCookie), null)).toBe(0);
  });

  it("a first sign-in simply takes the visitor's cart over", async () => {
    const a = createProduct({ stock: 9 });
    const owner = user();
    const cookie = (await setCartLine(requestWith(), null, a, 3)).get("Set-Cookie");
    await adoptVisitorCart(requestWith(cookie), owner.id);
    expect(await getCartCount(requestWith(), owner)).toBe(1);
    expect(await getCartCount(requestWith(cookie), null)).toBe(0);
  });

  it("clamps a line whose stock dropped and removes a sold-out one, with notices", async () => {
    const few = createProduct({ name: "Few", stock: 5 });
    const gone = createProduct({ name: "Gone", stock: 5 });
    const owner = user();
    await setCartLine(requestWith(), owner, few, 4);
    await setCartLine(requestWith(), owner, gone, 1);
    db.update(products).set({ stock: 2 }).where(eq(products.id, few)).run();
    db.update(products).set({ stock: 0 }).where(eq(products.id, gone)).run();

    const { lines, notices } = await loadCart(requestWith(), owner);
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([["Few", 2]]);
    expect(notices).toEqual([
      "Only 2 of Few left: the quantity in your cart is now 2.",
      "Gone is out of stock and was removed from your cart.",
    ]);
    expect((await loadCart(requestWith(), owner)).notices).toEqual([]);
  });

  it("updates and removes lines within the stock", async () => {
    const p = createProduct({ stock: 3 });
    const owner = user();
    await setCartLine(requestWith(), owner, p, 1);
    const quantity = async () => (await loadCart(requestWith(), owner)).lines[0].quantity;
    // Quick clicks arrive as separate steps, each counted, and stop at 1 and at the stock.
    await Promise.all([stepCartLine(requestWith(), owner, p, 1), stepCartLine(requestWith(), owner, p, 1)]);
    expect(await quantity()).toBe(3);
    await stepCartLine(requestWith(), owner, p, 1);
    expect(await quantity()).toBe(3);
    for (let i = 0; i < 3; i++) await stepCartLine(requestWith(), owner, p, -1);
    expect(await quantity()).toBe(1);
    await removeCartLine(requestWith(), owner, p);
    expect(await getCartCount(requestWith(), owner)).toBe(0);
    await expect(stepCartLine(requestWith(), owner, p, 1)).rejects.toThrow("This product is not in your cart.");
  });
});
