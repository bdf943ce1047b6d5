import { describe, expect, it } from "vitest";
import { cartRef, newCartHeaders, visitorCartId } from "./cart-cookie.server";

const requestWith = (cookie?: string) =>
  new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

describe("the cart cookie", () => {
  it("names a visitor's new cart once, signed, and reads it back", async () => {
    const ref = await cartRef(requestWith(), null);
    expect(ref).toEqual({ userId: null, cartId: null });
    const headers = await newCartHeaders(ref, { cartId: "cart-1", created: true });
    const cookie = headers.get("Set-Cookie")!.split(";")[0];
    expect(cookie).toMatch(/^shop_cart=/);
    expect(await visitorCartId(requestWith(cookie))).toBe("cart-1");
    // An existing cart, or a signed-in user's, needs no cookie.
    expect((await newCartHeaders(ref, { cartId: "cart-1", created: false })).get("Set-Cookie")).toBeNull();
    expect(
      (await newCartHeaders({ userId: "u1", cartId: null }, { cartId: "c", created: true })).get("Set-Cookie"),
    ).toBeNull();
  });

  it("ignores a tampered cookie, and a signed-in user's cart is theirs whatever the cookie says", async () => {
    expect(await visitorCartId(requestWith("shop_cart=forged"))).toBeNull();
    const signed = (await newCartHeaders({ userId: null, cartId: null }, { cartId: "c9", created: true })).get(
      "Set-Cookie",
    )!;
    expect(await cartRef(requestWith(signed.split(";")[0]), { id: "u1" })).toEqual({ userId: "u1", cartId: null });
  });
});
