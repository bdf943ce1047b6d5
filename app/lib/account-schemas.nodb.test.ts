import { describe, expect, it } from "vitest";
import {
  adminUserSchema,
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetPasswordSchema,
} from "./account-schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe("account schemas", () => {
  it("normalises the e-mail: trimmed and lower-case", () => {
    const result = registerSchema.parse({ name: " Ann ", email: "  Ann@Example.COM ", password: "12345678" });
    expect(result).toEqual({ name: "Ann", email: "ann@example.com", password: "12345678" });
  });

  it("uses the original API's messages", () => {
    expect(firstMessage(registerSchema.safeParse({ email: "a@b.co", password: "12345678" }))).toBe(
      "Please enter your name",
    );
    expect(
      firstMessage(registerSchema.safeParse({ name: "x".repeat(31), email: "a@b.co", password: "12345678" })),
    ).toBe("Your name cannot exceed 30 characters");
    expect(firstMessage(registerSchema.safeParse({ name: "A", email: "a@b", password: "12345678" }))).toBe(
      "Please enter valid email address",
    );
    expect(firstMessage(loginSchema.safeParse({ email: "a@b.co" }))).toBe("Please enter email & password");
  });

  it("asks for at least 8 characters and at most 72 bytes of password", () => {
    expect(firstMessage(registerSchema.safeParse({ name: "A", email: "a@b.co", password: "1234567" }))).toBe(
      "Your password must be at least 8 characters",
    );
    expect(firstMessage(registerSchema.safeParse({ name: "A", email: "a@b.co", password: "é".repeat(37) }))).toBe(
      "Your password cannot be longer than 72 bytes",
    );
  });

  it("checks that new passwords match and reads the checkbox", () => {
    const mismatch = passwordChangeSchema.safeParse({
      currentPassword: "x",
      newPassword: "abcdefgh",
      confirmNewPassword: "abcdefgX",
    });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ["confirmNewPassword"],
      message: "Passwords do not match",
    });
    expect(
      resetPasswordSchema.parse({ password: "abcdefgh", confirmPassword: "abcdefgh", logoutOtherDevices: "on" })
        .logoutOtherDevices,
    ).toBe(true);
    expect(resetPasswordSchema.parse({ password: "abcdefgh", confirmPassword: "abcdefgh" }).logoutOtherDevices).toBe(
      false,
    );
  });

  it("allows only the roles user and admin", () => {
    expect(firstMessage(adminUserSchema.safeParse({ name: "A", email: "a@b.co", role: "root" }))).toBe(
      "Role must be user or admin",
    );
    expect(adminUserSchema.parse({ name: "A", email: "a@b.co", role: "admin" }).role).toBe("admin");
  });
});
