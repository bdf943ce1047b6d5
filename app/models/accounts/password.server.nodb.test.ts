import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("stores a salted bcrypt hash, never the password", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^\$2[aby]\$10\$/);
    expect(a).not.toContain("correct horse");
    expect(a).not.toBe(b);
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("Correct horse", hash)).toBe(false);
  });
});
