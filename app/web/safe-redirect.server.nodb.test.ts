import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.server";

const SHOP = "https://shop.example";

/** What a browser makes of a Location header holding `path`, as the shop at SHOP sent it. */
const followedTo = (path: string) => new URL(path, SHOP);

// Values an attacker (or a fuzzer) puts in `redirectTo`: each one, as sent and as a form field
// decodes it, must fall back to the default page.
const NASTY = [
  "/%09/evil.example/x", // the reported one, as it reaches the form once decoded: below
  "/\t/evil.example/x",
  "/\r/evil.example",
  "/\n/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/\0/evil.example",
  "/\u0000",
  "/\u2028/evil.example",
  "/\u2029/evil.example",
  "/\u0085/evil.example",
  "/\u00a0/evil.example",
  "/\u200b/evil.example",
  "/\u202e/evil.example",
  "/\ufeff/evil.example",
  "/\uff0fevil.example", // full-width solidus
  "/\uff3cevil.example", // full-width reverse solidus
  "/\u2215evil.example", // division slash
  "/%EF%BC%8Fevil.example",
  "/%E2%80%A8/evil.example",
  "/%0D%0ASet-Cookie:%20x=1",
  "/%00",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%252F/evil.example",
  "/%25252F%25252Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%C0%AF/evil.example", // an overlong "/": not UTF-8
  "/%FF",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/a\\..\\..\\/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "https:evil.example",
  "https://evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " /evil",
  "\t/evil",
  "evil.example",
  "",
  `/${"a".repeat(5000)}`,
];

describe("safeRedirect", () => {
  it.each(NASTY)("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
    expect(safeRedirect(value, "")).toBe("");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, new File(["x"], "x.txt")]) expect(safeRedirect(value)).toBe("/");
  });

  it("refuses the reported value as the login page's query hands it over (decoded once)", () => {
    const redirectTo = new URL(`${SHOP}/lgn?redirectTo=/%09/evil.example/x`).searchParams.get("redirectTo");
    expect(redirectTo).toBe("/\t/evil.example/x");
    expect(safeRedirect(redirectTo)).toBe("/");
  });

  it("lets out the shop's own paths, queries and fragments, normalised", () => {
    expect(safeRedirect("/")).toBe("/");
    expect(safeRedirect("/me")).toBe("/me");
    expect(safeRedirect("/shipping")).toBe("/shipping");
    expect(safeRedirect("/product/abc123")).toBe("/product/abc123");
    expect(safeRedirect("/admin/orders?q=red+shoes&sort=date&dir=desc&page=2")).toBe(
      "/admin/orders?q=red+shoes&sort=date&dir=desc&page=2",
    );
    expect(safeRedirect("/search/caf%C3%A9?page=2#results")).toBe("/search/caf%C3%A9?page=2#results");
    expect(safeRedirect("/search/100%25")).toBe("/search/100%25");
    expect(safeRedirect("/search/a%2Fb")).toBe("/search/a%2Fb");
    expect(safeRedirect("/a/./b/../c")).toBe("/a/c");
    expect(safeRedirect("/order/x y")).toBe("/order/x%20y");
  });

  it("always gives a same-origin path that a Location header can hold", () => {
    const fuzz = [
      ...NASTY,
      ...Array.from({ length: 0x300 }, (_, c) => `/${String.fromCharCode(c)}/evil.example`),
      ...Array.from({ length: 0x100 }, (_, c) => `/%${c.toString(16).padStart(2, "0")}/evil.example`),
      ...Array.from({ length: 0x100 }, (_, c) => `/%${c.toString(16).padStart(2, "0")}%2Fevil.example`),
    ];
    for (const value of fuzz) {
      const out = safeRedirect(value);
      expect(() => new Headers({ Location: out }), JSON.stringify(value)).not.toThrow();
      expect(out, JSON.stringify(value)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
      expect(followedTo(out).origin, JSON.stringify(value)).toBe(SHOP);
    }
  });
});
