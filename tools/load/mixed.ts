import { sql, type SQL } from "drizzle-orm";
import { openShopDatabase, rows } from "~/db/shop-file.server";
import { Shopper } from "./client";
import { progress, progressDone } from "./measure";
import type { Expectation, MixedInput } from "./mixed-child";

// The mixed load's users (signed up through the API) and, afterwards, the acknowledged writes the
// database does not hold: the bench's mixed part and test:scale's kill step.

const SIGN_UPS_AT_ONCE = 8;

/** Signs up `count` users (mixed-<i>@example.com) through the API of the shop at `base`. */
export async function signUpUsers(base: string, count: number): Promise<MixedInput["users"]> {
  const users: MixedInput["users"] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGN_UPS_AT_ONCE }, async () => {
      while (next < count) {
        const i = next++;
        const shopper = new Shopper(base);
        const name = `Mixed User ${i}`;
        const email = `mixed-${i}@example.com`;
        const res = await shopper.request("/api/v1/register", { json: { name, email, password: "bench-password-1" } });
        if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
        users[i] = { email, name, cookies: shopper.cookieList };
        progress(`signed up ${users.filter(Boolean).length} / ${count} users`);
      }
    }),
  );
  progressDone(`${count} users signed up`);
  return users;
}

/** The expectations that the database does not meet, with what it holds: each key must hold its last acknowledged write (or an unanswered later one). */
export async function missing(
  database: string,
  expectations: Expectation[],
): Promise<(Expectation & { found: string | number | null })[]> {
  const db = openShopDatabase(database, { readOnly: true });
  const names = new Map(
    (await rows<{ email: string; name: string }>(db.q, sql`select email, name from users`)).map((r) => [
      r.email,
      r.name,
    ]),
  );
  const byUserAndProduct = async (query: SQL) =>
    new Map(
      (await rows<{ email: string; productId: string; value: string | number }>(db.q, query)).map((r) => [
        `${r.email} ${r.productId}`,
        r.value,
      ]),
    );
  const comments = await byUserAndProduct(
    sql`select u.email, r.product_id as "productId", r.comment as "value" from reviews r join users u on u.id = r.user_id`,
  );
  const quantities = await byUserAndProduct(
    sql`select u.email, l.product_id as "productId", l.quantity as "value" from cart_lines l join carts c on c.id = l.cart_id join users u on u.id = c.user_id`,
  );
  await db.close();
  return expectations
    .map((e) => ({
      ...e,
      found:
        (e.kind === "profile"
          ? names.get(e.email)
          : (e.kind === "review" ? comments : quantities).get(`${e.email} ${e.productId}`)) ?? null,
    }))
    .filter((e) => !e.values.includes(e.found));
}
