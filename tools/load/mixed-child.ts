// Child process: the mixed load (the bench's bench/parts/mixed.ts, test:scale's kill step), in a process of its own. One signed-in user per
// connection, each sending its requests one after the other for `warmupSeconds` (not timed) and
// then `seconds`: page and API reads, and
// writes through the shop's own forms and API calls. For every key a write touched (a cart line, a
// review, a profile) it keeps the value the last acknowledged write left there, plus the values of
// later writes whose answer never came (they may or may not have happened), so that the parent can
// look for them in the database. Usage: mixed-child.ts <input.json>
import fs from "node:fs";
import { Shopper } from "./client";
import { percentile } from "./measure";

export type MixedInput = {
  base: string;
  warmupSeconds: number;
  seconds: number;
  users: { email: string; name: string; cookies: [string, string][] }[];
  products: string[];
};
/** A key's acceptable final values: the acknowledged one first (null: never acknowledged), then the uncertain ones. */
export type Expectation = {
  kind: "cart line" | "review" | "profile";
  email: string;
  productId?: string;
  values: (string | number | null)[];
};
export type MixedResult = {
  seconds: number;
  requests: number;
  reads: number;
  writes: number;
  acknowledged: Record<Expectation["kind"], number>;
  p50: number;
  p99: number;
  writeP99: number;
  /** The warm-up's requests (the 200 users' first ones, at once, to a process that has not run those routes yet): count and p99. */
  warmup: { requests: number; p99: number };
  errors: number;
  non2xx3xx: number;
  unexpected: number;
  examples: string[];
  /** Per kind of request: count, p50 and p99 in ms (printed, to show where the time goes). */
  kinds: Record<string, { count: number; p50: number; p99: number }>;
  expectations: Expectation[];
};

const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as MixedInput;
const SEARCHES = ["laptop", "camera", "headphones", "gaming laptop", "phone"];

const latencies: number[] = [];
const writeLatencies: number[] = [];
const warmupLatencies: number[] = [];
const byKind = new Map<string, number[]>();
const result = { requests: 0, reads: 0, writes: 0, errors: 0, non2xx3xx: 0, unexpected: 0, examples: [] as string[] };
const acknowledged: MixedResult["acknowledged"] = { "cart line": 0, review: 0, profile: 0 };

/** What one key holds: the last acknowledged value and those written since without an answer. */
class Key {
  confirmed: string | number | null = null;
  uncertain: (string | number)[] = [];
  constructor(readonly expectation: Omit<Expectation, "values">) {}
  settle(value: string | number, ok: boolean) {
    if (ok) {
      this.confirmed = value;
      this.uncertain = [];
      acknowledged[this.expectation.kind]++;
    } else this.uncertain.push(value);
  }
}

// A small deterministic generator per user, so that runs are alike.
function random(seed: number) {
  let a = seed + 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function send(
  shopper: Shopper,
  what: string,
  expected: number,
  path: string,
  init?: Parameters<Shopper["request"]>[1],
): Promise<boolean> {
  const write = init !== undefined;
  const t0 = performance.now();
  try {
    const res = await shopper.request(path, init);
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status >= 400) result.non2xx3xx++;
    if (t0 < countFrom) warmupLatencies.push(ms);
    else {
      latencies.push(ms);
      if (write) writeLatencies.push(ms);
      if (!byKind.has(what)) byKind.set(what, []);
      byKind.get(what)!.push(ms);
      result.requests++;
      if (write) result.writes++;
      else result.reads++;
    }
    if (res.status === expected) return true;
    result.unexpected++;
    if (result.examples.length < 5) result.examples.push(`${what} answered ${res.status}, not ${expected}`);
  } catch (error) {
    result.errors++;
    if (result.examples.length < 5) result.examples.push(`${what}: ${(error as Error).message}`);
  }
  return false;
}

const keys: Key[] = [];
// Requests sent during the warm-up are checked (answers, nothing lost) but not timed.
const countFrom = performance.now() + input.warmupSeconds * 1000;
const deadline = countFrom + input.seconds * 1000;

async function user(index: number) {
  const { email, name, cookies } = input.users[index];
  const shopper = new Shopper(input.base, cookies);
  const rnd = random(index);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const cart = new Map<string, { key: Key; quantity: number }>();
  const reviews = new Map<string, Key>();
  const profile = new Key({ kind: "profile", email });
  profile.confirmed = name;
  keys.push(profile);
  let n = 0;
  const cartLine = (productId: string) => {
    let line = cart.get(productId);
    if (!line) {
      line = { key: new Key({ kind: "cart line", email, productId }), quantity: 0 };
      keys.push(line.key);
      cart.set(productId, line);
    }
    return line;
  };
  // A step is relative: after a write whose answer never came, the line is set again before any step.
  const addToCart = async (productId: string) => {
    const quantity = 1 + Math.floor(rnd() * 5);
    const ok = await send(shopper, "add to cart", 302, `/product/${productId}`, {
      form: { intent: "add-to-cart", quantity: String(quantity) },
    });
    const line = cartLine(productId);
    line.key.settle(quantity, ok);
    line.quantity = ok ? quantity : 0;
  };
  const review = (productId: string) => {
    let key = reviews.get(productId);
    if (!key) {
      key = new Key({ kind: "review", email, productId });
      reviews.set(productId, key);
      keys.push(key);
    }
    return key;
  };

  while (performance.now() < deadline) {
    n++;
    const product = pick(input.products);
    const roll = rnd() * 100;
    if (roll < 10) await send(shopper, "GET /", 200, "/");
    else if (roll < 22) await send(shopper, "GET /product/:id", 200, `/product/${product}`);
    else if (roll < 30) await send(shopper, "GET /cart", 200, "/cart");
    else if (roll < 35) await send(shopper, "GET /orders/me", 200, "/orders/me");
    else if (roll < 40)
      await send(shopper, "GET /search/:keyword", 200, `/search/${encodeURIComponent(pick(SEARCHES))}`);
    else if (roll < 50)
      await send(shopper, "GET /api/v1/products", 200, `/api/v1/products?page=${1 + Math.floor(rnd() * 5)}`);
    else if (roll < 60) await send(shopper, "GET /api/v1/product/:id", 200, `/api/v1/product/${product}`);
    else if (roll < 65) await send(shopper, "GET /api/v1/me", 200, "/api/v1/me");
    else if (roll < 77) await addToCart(product);
    else if (roll < 85) {
      // The cart page's stepper, on a line this user has.
      const lines = [...cart].filter(([, line]) => line.quantity > 0);
      if (!lines.length) await addToCart(product);
      else {
        const [productId, line] = pick(lines);
        const step = rnd() < 0.5 ? -1 : 1;
        const quantity = Math.max(1, line.quantity + step);
        const ok = await send(shopper, "update quantity", 302, "/cart", {
          form: { intent: "update", productId, step: String(step) },
        });
        line.key.settle(quantity, ok);
        line.quantity = ok ? quantity : 0;
      }
    } else if (roll < 95) {
      const comment = `Mixed load: user ${index}, request ${n}.`;
      const rating = String(1 + Math.floor(rnd() * 5));
      const ok =
        roll < 90
          ? await send(shopper, "review form", 302, `/product/${product}`, {
              form: { intent: "review", rating, comment },
            })
          : await send(shopper, "PUT /api/v1/review", 200, "/api/v1/review", {
              method: "PUT",
              json: { productId: product, rating, comment },
            });
      review(product).settle(comment, ok);
    } else {
      const newName = `Mixed ${index} n${n}`;
      const ok = await send(shopper, "PUT /api/v1/me/update", 200, "/api/v1/me/update", {
        method: "PUT",
        json: { name: newName, email },
      });
      profile.settle(newName, ok);
    }
  }
}

await Promise.all(input.users.map((_, i) => user(i)));
const seconds = (performance.now() - countFrom) / 1000;
const out: MixedResult = {
  seconds,
  ...result,
  acknowledged,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  writeP99: percentile(writeLatencies, 99),
  warmup: { requests: warmupLatencies.length, p99: percentile(warmupLatencies, 99) },
  kinds: Object.fromEntries(
    [...byKind].map(([what, list]) => [
      what,
      { count: list.length, p50: percentile(list, 50), p99: percentile(list, 99) },
    ]),
  ),
  expectations: keys.map((k) => ({ ...k.expectation, values: [k.confirmed, ...k.uncertain] })),
};
console.log(`result ${JSON.stringify(out)}`);
