import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { DEMO_CATEGORIES as CATEGORIES } from "~/seed/demo-categories";
import { productSvg } from "~/seed/demo-images.server";
import { iconFor } from "~/seed/demo-icons.server";

const iconFile = (icon: string) =>
  fs.readFileSync(createRequire(import.meta.url).resolve(`bootstrap-icons/icons/${icon}.svg`), "utf8");
const pathData = (svg: string) => [...svg.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((m) => m[1]);

/** Every element closed in order: a well-formed tag tree (comments and processing instructions aside). */
function unbalancedTags(svg: string): string[] {
  const open: string[] = [];
  const errors: string[] = [];
  for (const [tag, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)(?:\s[^<>]*?)?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) errors.push(tag);
  }
  return [...errors, ...open.map((name) => `<${name}> never closed`)];
}

describe("demo pictures", () => {
  it("draw every category's icon, in each view, as well-formed SVG", () => {
    for (const category of CATEGORIES) {
      const icon = iconFor("Plain demo product", category);
      const expected = pathData(iconFile(icon));
      expect(expected.length, `${icon} has path data`).toBeGreaterThan(0);
      for (const view of [0, 1, 2]) {
        const svg = productSvg("Plain demo product", category, view);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
        expect(pathData(svg)).toEqual(expect.arrayContaining(expected));
        expect(unbalancedTags(svg)).toEqual([]);
      }
    }
  });

  it("give each category its own icon, and the views differ", () => {
    const icons = CATEGORIES.map((category) => iconFor("Plain demo product", category));
    expect(new Set(icons).size).toBe(CATEGORIES.length);
    const views = [0, 1, 2].map((view) => productSvg("Dell XPS 15 OLED", "Laptops", view));
    expect(new Set(views).size).toBe(3);
  });

  it("pick the icon the product's name suggests before its category's", () => {
    expect(iconFor("Logitech MX Master 3S Mouse", "Accessories")).toBe("mouse");
    expect(iconFor("Keychron K2 Wireless Mechanical Keyboard", "Accessories")).toBe("keyboard");
    expect(iconFor("Google Pixel 8 Pro 128 GB", "Electronics")).toBe("phone");
    expect(iconFor("Sony WH-1000XM5 Wireless Headphones", "Headphones")).toBe("headphones");
    expect(iconFor("Omron Platinum Blood Pressure Monitor", "Beauty/Health")).toBe("heart-pulse");
    expect(iconFor("Dell UltraSharp 27 Monitor", "Electronics")).toBe("display");
    expect(pathData(productSvg("Logitech MX Master 3S Mouse", "Accessories", 0))).toEqual(pathData(iconFile("mouse")));
  });

  it("put the product's name in the picture, XML-escaped", () => {
    const name = `Tom & Jerry's <b>"Best"</b> Laptop`;
    const svg = productSvg(name, "Laptops", 1);
    expect(svg).toContain("<title>Tom &amp; Jerry&#39;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; Laptop</title>");
    expect(svg).toContain("Tom &amp; Jerry&#39;s");
    expect(svg).not.toContain("<b>");
    expect(unbalancedTags(svg)).toEqual([]);
    const text = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
    expect(text).toBe("Tom &amp; Jerry&#39;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; Laptop");
  });
});
