import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./absolute-url";

describe("absoluteUrl", () => {
  it("puts the shop's address before its own paths", () => {
    expect(absoluteUrl("https://shop.example.com", "/uploads/a.webp")).toBe("https://shop.example.com/uploads/a.webp");
    expect(absoluteUrl("https://example.com/shop", "/images/profile.png")).toBe(
      "https://example.com/shop/images/profile.png",
    );
  });

  it("leaves absolute and protocol-relative URLs alone", () => {
    expect(absoluteUrl("https://shop.example.com", "https://cdn.example.com/x.png")).toBe(
      "https://cdn.example.com/x.png",
    );
    expect(absoluteUrl("https://shop.example.com", "//cdn.example.com/x.png")).toBe("//cdn.example.com/x.png");
  });
});
