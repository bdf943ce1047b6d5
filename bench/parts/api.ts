import { withShop } from "../lib/server";
import { againstCeiling, sampleProductId } from "./http";

// 2. The JSON API's catalogue reads, same method as the pages.
export async function api() {
  await withShop(async (shop) => {
    const productId = await sampleProductId(shop);
    await againstCeiling(shop, "api", "/api/v1/products?page=2", "products");
    await againstCeiling(shop, "api", `/api/v1/product/${productId}`, "product");
  });
}
