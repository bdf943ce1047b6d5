import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cartLines } from "~/db/schema";
import { clearCatalogue, createProduct } from "../../tests/unit/fixtures";
import { CartError, getCartCount, setCartLine } from "./cart.server";

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
