import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Request, Response } from "express";
import { contentSecurityPolicy, inlineScriptHashes, permissionsPolicy, securityPolicies } from "./csp.server";

const policy = contentSecurityPolicy({
  script: ["https://js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com"],
  formAction: ["https://checkout.stripe.com"],
  upgradeInsecureRequests: false,
});

const directive = (header: string, name: string) =>
  header
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1);

const sha256 = (text: string) => `sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("Content-Security-Policy", () => {
  it("allows inline scripts by nonce only, never 'unsafe-inline'", () => {
    const header = policy.withNonce("abc123");
    expect(directive(header, "script-src")).toEqual(["'self'", "https://js.stripe.com", "'nonce-abc123'"]);
    expect(directive(header, "form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
    expect(directive(header, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(header, "upgrade-insecure-requests")).toBeUndefined();
  });

  it("gives a stored page the hashes of the inline scripts that carried its nonce, and no nonce", () => {
    const html = [
      `<script nonce="n1">window.__remixContext = {"a":"é"};</script>`,
      `<script nonce="n1" type="module" async="">import "/assets/entry.js";</script>`,
      `<script nonce="n1" src="/assets/x.js"></script>`,
      `<script>alert("injected, no nonce")</script>`,
      `<script nonce="other">alert("wrong nonce")</script>`,
      `<script nonce="n1">window.__remixContext = {"a":"é"};</script>`,
    ].join("\n");
    expect(inlineScriptHashes(html, "n1")).toEqual([
      sha256(`window.__remixContext = {"a":"é"};`),
      sha256(`import "/assets/entry.js";`),
    ]);

    const header = policy.forStoredResponse(Buffer.from(html), "text/html; charset=utf-8", "n1");
    expect(directive(header, "script-src")).toEqual([
      "'self'",
      "https://js.stripe.com",
      `'${sha256(`window.__remixContext = {"a":"é"};`)}'`,
      `'${sha256(`import "/assets/entry.js";`)}'`,
    ]);
    expect(header).not.toContain("nonce-");
    expect(directive(header, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("allows no inline script in a stored response that is not HTML", () => {
    const json = Buffer.from(JSON.stringify({ description: `<script nonce="n1">x()</script>` }));
    expect(directive(policy.forStoredResponse(json, "application/json; charset=utf-8", "n1"), "script-src")).toEqual([
      "'self'",
      "https://js.stripe.com",
    ]);
  });

  it("upgrades insecure requests when the shop is on https", () => {
    const https = contentSecurityPolicy({
      script: [],
      connect: [],
      frame: [],
      formAction: [],
      upgradeInsecureRequests: true,
    });
    expect(directive(https.withNonce("n"), "upgrade-insecure-requests")).toEqual([]);
  });
});

/** What the middleware leaves on one response: its nonce and headers. */
function respond(setPolicies: ReturnType<typeof securityPolicies>) {
  const headers = new Map<string, string>();
  const res = {
    locals: {} as Record<string, string>,
    setHeader: (name: string, value: string) => headers.set(name, value),
  };
  setPolicies({} as Request, res as unknown as Response, () => {});
  return { nonce: res.locals.cspNonce, headers };
}

describe("securityPolicies", () => {
  it("gives every response a nonce of its own, in res.locals and in its header", () => {
    const setPolicies = securityPolicies(policy, "camera=()");
    // More than one pooled draw of random bytes (256 nonces each).
    const responses = Array.from({ length: 600 }, () => respond(setPolicies));
    expect(new Set(responses.map((response) => response.nonce)).size).toBe(600);
    for (const { nonce, headers } of responses) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(headers.get("Content-Security-Policy")).toBe(policy.withNonce(nonce));
      expect(headers.get("Permissions-Policy")).toBe("camera=()");
    }
  });

  it("sends no CSP when there is none (development), but still a nonce and the Permissions-Policy", () => {
    const { nonce, headers } = respond(securityPolicies(null, "camera=()"));
    expect(nonce).toBeTruthy();
    expect([...headers.keys()]).toEqual(["Permissions-Policy"]);
  });
});

describe("Permissions-Policy", () => {
  it("turns off what the shop does not use and allows payment for the shop and Stripe's frames", () => {
    const header = permissionsPolicy(["https://js.stripe.com", "https://js.stripe.com", "https://hooks.stripe.com"]);
    expect(header).toContain("camera=()");
    expect(header).toContain("geolocation=()");
    expect(header).toContain("microphone=()");
    expect(header).toContain(`payment=(self "https://js.stripe.com" "https://hooks.stripe.com")`);
    expect(permissionsPolicy([])).toContain("payment=(self)");
  });
});
