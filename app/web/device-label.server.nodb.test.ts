import { describe, expect, it } from "vitest";
import { deviceLabel, plainIp } from "./device-label.server";

describe("deviceLabel", () => {
  it("names the browser's major version and the system", () => {
    expect(
      deviceLabel(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome 156 on Linux");
    expect(
      deviceLabel(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 17 on iOS");
  });

  it("falls back to what it can tell, and never gives an empty or long label", () => {
    expect(deviceLabel("Playwright/1.65.0 (x64; debian 12) node/20.20")).toBe("Playwright 1");
    expect(deviceLabel("curl/8.5.0")).toBe("curl/8.5.0");
    expect(deviceLabel(null)).toBe("Unknown device");
    expect(deviceLabel("   ")).toBe("Unknown device");
    expect(deviceLabel("x".repeat(500))).toHaveLength(80);
  });
});

describe("plainIp", () => {
  it("writes IPv4-mapped IPv6 addresses as IPv4, and leaves the others", () => {
    expect(plainIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(plainIp("203.0.113.9")).toBe("203.0.113.9");
    expect(plainIp("2001:db8::1")).toBe("2001:db8::1");
    expect(plainIp("::ffff:abcd")).toBe("::ffff:abcd");
  });
});
