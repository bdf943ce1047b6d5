// The specification's twelve categories: what the demo shop is seeded with (a shop started with
// SEED=none has none until the owner adds some in admin → Categories).
export const DEMO_CATEGORIES = [
  "Electronics",
  "Cameras",
  "Laptops",
  "Accessories",
  "Headphones",
  "Food",
  "Books",
  "Clothes/Shoes",
  "Beauty/Health",
  "Sports",
  "Outdoor",
  "Home",
] as const;

export type DemoCategory = (typeof DEMO_CATEGORIES)[number];
