import fs from "node:fs";
import { createRequire } from "node:module";
import type { DemoCategory as Category } from "~/seed/demo-categories";

// Demo pictures show what a product is with an icon from Bootstrap Icons (MIT; the package's
// SVG files are read at seed time, nothing is fetched). Icons are drawn on a 16 × 16 grid.
export const ICON_SIZE = 16;

const CATEGORY_ICONS: Record<Category, string> = {
  Electronics: "cpu",
  Cameras: "camera",
  Laptops: "laptop",
  Accessories: "usb-plug",
  Headphones: "headphones",
  Food: "basket",
  Books: "book",
  "Clothes/Shoes": "bag",
  "Beauty/Health": "heart-pulse",
  Sports: "trophy",
  Outdoor: "tree",
  Home: "house",
};

// A product whose name says more than its category gets that icon; the first match wins.
const KEYWORD_ICONS: [RegExp, string][] = [
  [/\b(laptop|macbook|notebook)\b/i, "laptop"],
  [/\b(tv|television)\b/i, "tv"],
  [/\bblood pressure\b/i, "heart-pulse"],
  [/\b(monitor|display)\b/i, "display"],
  [/\b(ipad|tablet|kindle|e-reader)\b/i, "tablet"],
  [/\b(i?phone|pixel|smartphone)\b/i, "phone"],
  [/\b(switch|console|controller)\b/i, "nintendo-switch"],
  [/\b(speaker|echo)\b/i, "speaker"],
  [/\b(gopro|action camera|camcorder)\b/i, "camera-video"],
  [/\b(earbuds|airpods)\b/i, "earbuds"],
  [/\bmouse\b/i, "mouse"],
  [/\bkeyboard\b/i, "keyboard"],
  [/\b(power bank|battery)\b/i, "battery-charging"],
  [/\bssd\b/i, "device-ssd"],
  [/\b(charging|charger)\b/i, "lightning-charge"],
  [/\bcable\b/i, "usb-c"],
  [/\b(watch|tracker)\b/i, "smartwatch"],
  [/\bhair dryer\b/i, "wind"],
  [/\b(basketball|football)\b/i, "dribbble"],
  [/\bbackpack\b/i, "backpack"],
  [/\bbottle\b/i, "cup-straw"],
  [/\b(coffee|espresso|tea)\b/i, "cup-hot"],
  [/robot|roomba/i, "robot"],
  [/\b(cooker|cooking|casserole)\b/i, "fire"],
  [/\b(bulb|lamp|hue)\b/i, "lightbulb"],
];

/** The name of the Bootstrap icon that shows this product best. */
export function iconFor(name: string, category: Category): string {
  return KEYWORD_ICONS.find(([pattern]) => pattern.test(name))?.[1] ?? CATEGORY_ICONS[category];
}

const resolveModule = createRequire(import.meta.url).resolve;
const markupCache = new Map<string, string>();

/** The shapes inside the icon's <svg> element (its paths, in icon units), as SVG markup. */
export function iconShapes(icon: string): string {
  let shapes = markupCache.get(icon);
  if (shapes === undefined) {
    const file = fs.readFileSync(resolveModule(`bootstrap-icons/icons/${icon}.svg`), "utf8");
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(file)?.[1].trim();
    if (!inner) throw new Error(`bootstrap-icons/icons/${icon}.svg has no shapes`);
    shapes = inner.replace(/\s*\n\s*/g, "");
    markupCache.set(icon, shapes);
  }
  return shapes;
}
