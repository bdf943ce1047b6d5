import { describe, expect, it } from "vitest";
import { isAdmin } from "./roles";

describe("isAdmin", () => {
  it("is true for the admin role only", () => {
    expect(isAdmin({ role: "admin" })).toBe(true);
    expect(isAdmin({ role: "user" })).toBe(false);
    expect(isAdmin({ role: "ADMIN" })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});
