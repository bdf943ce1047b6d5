import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { cartLines, carts, products } from "~/db/schema";
import { clearCatalogue, createProduct, createUser } from "../../../tests/unit/fixtures";
import {
  CartError,
  adoptVisitorCart,
  getCartCount,
  loadCart,
  removeCartLine,
  setCartLine,
  stepCartLine,
  userCart,
  type CartRef,
} from "./cart.server";

const visitor = (cartId: string | null = null): CartRef => ({ userId: null, cartId });
const user = async () => userCart(await createUser("Cart User"));

beforeEach(() => clearCatalogue());

describe("cart lines", () => {
  it("creates a cart on the first add and counts lines, one per product", async () => {
    const a = await createProduct({ stock: 5 });
    const b = await createProduct({ stock: 5 });
    expect(await getCartCount(visitor())).toBe(0);

    const made = await setCartLine(visitor(), a, 2);
    expect(made.created).toBe(true);
    const withCart = visitor(made.cartId);
    expect(await getCartCount(withCart)).toBe(1);

    // Same cart: nothing new made; adding the same product again replaces its quantity.
    expect(await setCartLine(withCart, a, 4)).toEqual({ cartId: made.cartId, created: false });
    await setCartLine(withCart, b, 1);
    expect(await getCartCount(withCart)).toBe(2);
    const [line] = await db.select().from(cartLines).where(eq(cartLines.productId, a));
    expect(line?.quantity).toBe(4);
  });

  it("refuses more than the stock, an out-of-stock product and an unknown product", async () => {
    const few = await createProduct({ stock: 2 });
    const none = await createProduct({ stock: 0 });
    await expect(setCartLine(visitor(), few, 3)).rejects.toThrow(
      new CartError("Only 2 left in stock.", 409, "quantity"),
    );
    await expect(setCartLine(visitor(), none, 1)).rejects.toThrow("This product is out of stock.");
    await expect(setCartLine(visitor(), "missing", 1)).rejects.toThrow("This product no longer exists.");
  });

  it("a visitor's cart id never reaches a cart that has an owner", async () => {
    const a = await createProduct({ stock: 5 });
    const owner = await createUser("Cart User");
    const { cartId } = await setCartLine(userCart(owner), a, 1);
    expect(await getCartCount(visitor(cartId))).toBe(0);
    expect(await getCartCount(visitor("unknown"))).toBe(0);
  });
});

describe("carts of signed-in users", () => {
  it("the visitor's cart joins the account's cart at sign-in; the visitor's choice wins", async () => {
    const a = await createProduct({ stock: 9 });
    const b = await createProduct({ stock: 9 });
    const owner = await user();
    await setCartLine(owner, a, 1);
    const visitorCart = visitor((await setCartLine(visitor(), a, 5)).cartId);
    await setCartLine(visitorCart, b, 2);

    await adoptVisitorCart(visitorCart.cartId, owner.userId!);
    const { lines } = await loadCart(owner);
    expect(lines.map((l) => [l.productId, l.quantity]).sort()).toEqual(
      [
        [a, 5],
        [b, 2],
      ].sort(),
    );
    // The visitor cart is gone: after logging out, the browser's cookie shows an empty cart.
    expect(await getCartCount(visitorCart)).toBe(0);
  });

  it("a first sign-in simply takes the visitor's cart over", async () => {
    const a = await createProduct({ stock: 9 });
    const owner = await user();
    const { cartId } = await setCartLine(visitor(), a, 3);
    await adoptVisitorCart(cartId, owner.userId!);
    expect(await getCartCount(owner)).toBe(1);
    expect(await getCartCount(visitor(cartId))).toBe(0);
  });

  it("a visitor cart goes to one account only, even when two sign-ins with its cookie come at once", async () => {
    const a = await createProduct({ stock: 9 });
    const [first, second] = [await user(), await user()];
    const { cartId } = await setCartLine(visitor(), a, 2);
    await Promise.all([adoptVisitorCart(cartId, first.userId!), adoptVisitorCart(cartId, second.userId!)]);
    expect([await getCartCount(first), await getCartCount(second)]).toEqual([1, 0]);
  });

  it("clamps a line whose stock dropped and removes a sold-out one, with notices", async () => {
    const few = await createProduct({ name: "Few", stock: 5 });
    const gone = await createProduct({ name: "Gone", stock: 5 });
    const owner = await user();
    await setCartLine(owner, few, 4);
    await setCartLine(owner, gone, 1);
    await commitTogether(async (tx) => {
      await tx.update(products).set({ stock: 2 }).where(eq(products.id, few));
      await tx.update(products).set({ stock: 0 }).where(eq(products.id, gone));
    });

    const { lines, notices } = await loadCart(owner);
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([["Few", 2]]);
    expect(notices).toEqual([
      "Only 2 of Few left: the quantity in your cart is now 2.",
      "Gone is out of stock and was removed from your cart.",
    ]);
    expect((await loadCart(owner)).notices).toEqual([]);
  });

  it("updates and removes lines within the stock", async () => {
    const p = await createProduct({ stock: 3 });
    const owner = await user();
    await setCartLine(owner, p, 1);
    const quantity = async () => (await loadCart(owner)).lines[0].quantity;
    // Quick clicks arrive as separate steps, each counted, and stop at 1 and at the stock.
    await Promise.all([stepCartLine(owner, p, 1), stepCartLine(owner, p, 1)]);
    expect(await quantity()).toBe(3);
    await stepCartLine(owner, p, 1);
    expect(await quantity()).toBe(3);
    for (let i = 0; i < 3; i++) await stepCartLine(owner, p, -1);
    expect(await quantity()).toBe(1);
    await removeCartLine(owner, p);
    expect(await getCartCount(owner)).toBe(0);
    await expect(stepCartLine(owner, p, 1)).rejects.toThrow("This product is not in your cart.");
  });
});

// On PostgreSQL each call below is a transaction on a connection of its own, at the same time: the
// locks (not the order the calls were made in) decide what the cart ends as.
describe("a cart changed by requests at once", () => {
  const cartsOf = (userId: string) => db.select().from(carts).where(eq(carts.userId, userId));

  it("two first adds of one account make one cart holding both lines", async () => {
    const [a, b] = [await createProduct({ stock: 5 }), await createProduct({ stock: 5 })];
    const owner = await user();
    await Promise.all([setCartLine(owner, a, 1), setCartLine(owner, b, 2)]);
    expect(await cartsOf(owner.userId!)).toHaveLength(1);
    expect((await loadCart(owner)).lines.map((l) => l.quantity).sort()).toEqual([1, 2]);
  });

  it("a sign-in adopting a visitor cart while the account's first add makes its cart: one cart, both lines", async () => {
    const [a, b] = [await createProduct({ stock: 5 }), await createProduct({ stock: 5 })];
    const owner = await user();
    const { cartId } = await setCartLine(visitor(), a, 3);
    await Promise.all([adoptVisitorCart(cartId, owner.userId!), setCartLine(owner, b, 1)]);
    expect(await cartsOf(owner.userId!)).toHaveLength(1);
    expect(await getCartCount(owner)).toBe(2);
    expect(await getCartCount(visitor(cartId))).toBe(0);
  });

  it("two sign-ins to one account with the same visitor cart merge it once", async () => {
    const [a, b] = [await createProduct({ stock: 9 }), await createProduct({ stock: 9 })];
    const owner = await user();
    await setCartLine(owner, a, 1);
    const { cartId } = await setCartLine(visitor(), a, 4);
    await setCartLine(visitor(cartId), b, 2);
    await Promise.all([adoptVisitorCart(cartId, owner.userId!), adoptVisitorCart(cartId, owner.userId!)]);
    expect(await cartsOf(owner.userId!)).toHaveLength(1);
    expect((await loadCart(owner)).lines.map((l) => l.quantity)).toEqual([4, 2]);
    expect(await db.select().from(carts).where(eq(carts.id, cartId))).toEqual([]);
  });

  it("a visitor's add while a sign-in merges that cart away lands in the account's cart or a new visitor cart", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = [
        await createProduct({ stock: 5 }),
        await createProduct({ stock: 5 }),
        await createProduct({ stock: 5 }),
      ];
      const owner = await user();
      await setCartLine(owner, c, 1);
      const { cartId } = await setCartLine(visitor(), a, 1);
      const [, added] = await Promise.all([
        adoptVisitorCart(cartId, owner.userId!),
        setCartLine(visitor(cartId), b, 2),
      ]);
      // The add came first and was merged with the rest, or came second and started a cart of its own.
      if (added.cartId === cartId) {
        expect(await getCartCount(owner)).toBe(3);
      } else {
        expect(added.created).toBe(true);
        expect([await getCartCount(owner), await getCartCount(visitor(added.cartId))]).toEqual([2, 1]);
      }
    }
  });

  it("six steps at once on one line each count, and stop at the stock", async () => {
    const p = await createProduct({ stock: 5 });
    const owner = await user();
    await setCartLine(owner, p, 1);
    await Promise.all(Array.from({ length: 3 }, () => stepCartLine(owner, p, 1)));
    expect((await loadCart(owner)).lines[0].quantity).toBe(4);
    await Promise.all(Array.from({ length: 6 }, () => stepCartLine(owner, p, 1)));
    expect((await loadCart(owner)).lines[0].quantity).toBe(5);
  });

  it("a clamp to the stock and a step at once never leave more than the stock", async () => {
    const p = await createProduct({ stock: 5 });
    const owner = await user();
    await setCartLine(owner, p, 4);
    await commitTogether((tx) => tx.update(products).set({ stock: 2 }).where(eq(products.id, p)));
    await Promise.all([loadCart(owner), stepCartLine(owner, p, 1), loadCart(owner)]);
    expect((await loadCart(owner)).lines[0].quantity).toBe(2);
  });
});
