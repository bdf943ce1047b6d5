import type { CartRef } from "~/models/cart";
import { cartCookie } from "./session.server";

/** The visitor cart a browser's cookie names, if any (signed, so it cannot be guessed). */
export async function visitorCartId(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Whose cart this request works on: the signed-in user's, else the one its cookie names. */
export async function cartRef(request: Request, user: { id: string } | null): Promise<CartRef> {
  return { userId: user?.id ?? null, cartId: user ? null : await visitorCartId(request) };
}

/** Headers that give a visitor the cookie naming a cart just made for them (none otherwise). */
export async function newCartHeaders(ref: CartRef, made: { cartId: string; created: boolean }): Promise<Headers> {
  const headers = new Headers();
  if (!ref.userId && made.created) headers.append("Set-Cookie", await cartCookie.serialize(made.cartId));
  return headers;
}
