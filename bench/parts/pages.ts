import { withShop } from "../lib/server";
import { ANONYMOUS, againstReferences, sampleProductId } from "./http";

// 1. Storefront pages for an anonymous visitor, against the same bytes from a bare server and from the shop's own stack.
export async function pages(workers?: number) {
  await withShop(
    async (shop) => {
      const productId = await sampleProductId(shop);
      await againstReferences(shop, "pages", "/", "/", ANONYMOUS);
      await againstReferences(shop, "pages", "/search/laptop", "/search/laptop", ANONYMOUS);
      await againstReferences(shop, "pages", "/product/:id", `/product/${productId}`, ANONYMOUS);
    },
    { workers },
  );
}
