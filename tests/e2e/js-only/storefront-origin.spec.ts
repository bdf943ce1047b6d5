import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../support/accounts";
import { e2eEnv } from "../support/env";

// CORS_ORIGINS: a storefront of the shop's own on another origin of its site (here 127.0.0.1 on
// another port, which the shop's config names) calls /api/v1 from the browser with the shopper's
// cookies: the browser's preflights and reads succeed. A page on any other origin cannot read an
// answer, and its writes are refused.

const PAGE =
  '<!doctype html><html lang="en"><head><title>Storefront</title></head><body><h1>Storefront</h1></body></html>';

async function servePage(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

test("a trusted storefront signs up, reads and writes through the API with cookies; another origin cannot", async ({
  page,
  baseURL,
}) => {
  const storefront = await servePage(e2eEnv().storefrontPort);
  const stranger = await servePage(0);
  try {
    await page.goto(`http://127.0.0.1:${e2eEnv().storefrontPort}/`);
    const email = uniqueEmail("storefront");
    const trusted = await page.evaluate(
      async ({ shop, email }) => {
        const json = { "Content-Type": "application/json" };
        // JSON bodies are not "simple": each call is preceded by a preflight the shop must answer.
        const registered = await fetch(`${shop}/api/v1/register`, {
          method: "POST",
          credentials: "include",
          headers: json,
          body: JSON.stringify({ name: "Store Front", email, password: "storefront-pass-1" }),
        });
        const me = await fetch(`${shop}/api/v1/me`, { credentials: "include" });
        const form = new FormData();
        form.set("name", "Renamed At The Store");
        form.set("email", email);
        const updated = await fetch(`${shop}/api/v1/me/update`, { method: "PUT", credentials: "include", body: form });
        const after = await fetch(`${shop}/api/v1/me`, { credentials: "include" });
        return {
          registered: registered.status,
          me: ((await me.json()) as { user?: { email: string } }).user?.email,
          updated: updated.status,
          name: ((await after.json()) as { user?: { name: string } }).user?.name,
        };
      },
      { shop: baseURL!, email },
    );
    expect(trusted).toEqual({ registered: 201, me: email, updated: 200, name: "Renamed At The Store" });

    // The same browser (its shop cookie included) on an origin the shop does not trust.
    await page.goto(`http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`);
    const strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    const read = await page.evaluate(
      (shop) =>
        fetch(`${shop}/api/v1/me`, { credentials: "include" }).then(
          (r) => `read ${r.status}`,
          () => "blocked",
        ),
      baseURL!,
    );
    expect(read).toBe("blocked");
    // Its writes, with the shopper's cookie, are refused by the shop (the browser would not even
    // send this one without a preflight it fails; a simple form post it would send gets the same).
    const rename = (origin: string) =>
      page.request.put(`${baseURL}/api/v1/me/update`, {
        headers: { Origin: origin },
        multipart: { name: "Renamed Elsewhere", email },
      });
    expect((await rename(strangerOrigin)).status()).toBe(403);
    const me = await page.request.get(`${baseURL}/api/v1/me`);
    expect(((await me.json()) as { user?: { name: string } }).user?.name).toBe("Renamed At The Store");
    expect((await rename(`http://127.0.0.1:${e2eEnv().storefrontPort}`)).status()).toBe(200);
  } finally {
    storefront.close();
    stranger.close();
  }
});
