import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox";

describe("mailboxOf", () => {
  it("ignores case, spaces around and a +tag", () => {
    expect(mailboxOf(" John+Shop@Example.COM ")).toBe("john@example.com");
    expect(mailboxOf("john+a+b@example.com")).toBe("john@example.com");
    expect(mailboxOf("john@example.com")).toBe("john@example.com");
  });

  it("keeps dots, a leading + and what is not an address", () => {
    expect(mailboxOf("j.ohn@gmail.com")).toBe("j.ohn@gmail.com");
    expect(mailboxOf("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxOf("no-at-sign")).toBe("no-at-sign");
  });
});
