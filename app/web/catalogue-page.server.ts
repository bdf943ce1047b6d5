import { data } from "@remix-run/node";
import type { ProductQuery } from "~/lib/catalogue-query";
import { listProducts, type ProductSummary } from "~/models/products.server";

/** Only what a product card shows (the page's data goes to the browser). */
export function toProductCard(p: ProductSummary) {
  return {
    id: p.id,
    name: p.name,
    priceCents: p.priceCents,
    ratings: p.ratings,
    numOfReviews: p.numOfReviews,
    stock: p.stock,
    images: p.images.slice(0, 1),
  };
}

/** One page of product cards for the storefront pages. */
export async function loadProductCards(query: ProductQuery) {
  const page = await listProducts(query);
  return {
    products: page.products.map(toProductCard),
    productsCount: page.productsCount,
    filteredProductsCount: page.filteredProductsCount,
    resPerPage: page.resPerPage,
    page: page.page,
    pageCount: page.pageCount,
  };
}

/** A 400 for a storefront page whose query a person mistyped; the error page shows the message. */
export function badQuery(message: string): never {
  throw data(message, { status: 400 });
}
