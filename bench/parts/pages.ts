import { withShop } from "../lib/server";
import { againstCeiling, sampleProductId } from "./http";

// 1. Storefront pages for an anonymous visitor, against the same bytes sent as a constant.
export async function pages() {
  await withShop(async (shop) => {
    const productId = await sampleProductId(shop);
    await againstCeiling(shop, "pages", "/", "home");
    await againstCeiling(shop, "pages", "/search/laptop", "search");
    await againstCeiling(shop, "pages", `/product/${productId}`, "product");
  });
}
