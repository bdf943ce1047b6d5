import type { ShopSettingsInput } from "~/lib/shop-settings";

/**
 * The demo shop's settings, those of the specification's storefront: its home page's title and
 * description, its hero, and returns for 30 days after delivery. The others read as their defaults.
 */
export const DEMO_SETTINGS = {
  homeTitle: "Buy Best Products Online",
  homeDescription: "Laptops, cameras, headphones and more: the latest products with prices, stock and reviews.",
  heroTitle: "Laptops for work and play",
  heroText: "Ultrabooks, gaming rigs and everyday notebooks from the brands you trust, shipped free over $200.",
  heroLinkLabel: "Shop laptops",
  heroLink: "/search?category=Laptops",
  returnWindowDays: 30,
} satisfies Partial<ShopSettingsInput>;
