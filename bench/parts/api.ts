import { withShop } from "../lib/server";
import { ANONYMOUS, againstReferences, sampleProductId } from "./http";

// 2. The JSON API's catalogue reads, same method as the pages.
export async function api(workers?: number) {
  await withShop(
    async (shop) => {
      const productId = await sampleProductId(shop);
      await againstReferences(shop, "api", "/api/v1/products?page=2", "/api/v1/products?page=2", ANONYMOUS);
      await againstReferences(shop, "api", "/api/v1/product/:id", `/api/v1/product/${productId}`, ANONYMOUS);
    },
    { workers },
  );
}
