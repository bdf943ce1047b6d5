import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { action as registerAction } from "~/routes/api/v1/register";

// POST /api/v1/register keeps the specification's answers (201 for a new address, 409 "This e-mail
// is already registered"), the one place that tells whether an address has an account, so every
// try counts against the client's IP: past the limit, 429 with Retry-After, whatever the address.

let n = 0;
const register = (email: string, ip: string) =>
  registerAction({
    request: new Request("http://shop.test/api/v1/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Api Registrant", email, password: "password-1" }),
    }),
    params: {},
    context: { clientIp: ip },
  } as never);

describe("POST /api/v1/register", () => {
  it("answers 201 and 409 as the specification does, and 429 with Retry-After past the limit per client IP", async () => {
    const ip = `198.18.7.${++n}`;
    const known = `known-${Date.now()}@example.com`;
    expect((await register(known, ip)).status).toBe(201);
    for (let i = 1; i < config.rateLimits.apiRegistrationsPerIp; i++) {
      const again = await register(known, ip);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ success: false, message: "This e-mail is already registered" });
    }
    for (const email of [known, `fresh-${Date.now()}@example.com`]) {
      const limited = await register(email, ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await limited.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }
    // Another client is still answered.
    expect((await register(known, `198.18.8.${n}`)).status).toBe(409);
  });
});
