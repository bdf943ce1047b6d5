import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CachedFragment } from "~/components/CachedFragment";
import { CategoryLinks } from "~/components/CategoryLinks";
import { Pagination } from "~/components/Pagination";
import { ProductCard } from "~/components/ProductCard";
import { parseProductQuery } from "~/lib/catalogue-query";
import { categoryHref } from "~/lib/category-href";
import { pageMeta } from "~/lib/meta";
import { badQuery, loadProductCards } from "~/web/catalogue-page.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Buy Best Products Online",
    description: "Laptops, cameras, headphones and more: the latest products with prices, stock and reviews.",
    canonicalParams: ["page"],
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseProductQuery(new URLSearchParams({ page: params.get("page") ?? "" }));
  if (!parsed.success) badQuery(parsed.message);
  return loadProductCards(parsed.query);
}

export default function Home() {
  const cards = useLoaderData<typeof loader>();
  // Nothing here is about the visitor: rendered once per catalogue version and URL on the server.
  return (
    <CachedFragment name="home" data={cards}>
      <HomePage {...cards} />
    </CachedFragment>
  );
}

function HomePage({
  products,
  filteredProductsCount,
  resPerPage,
  page,
  pageCount,
}: ReturnType<typeof useLoaderData<typeof loader>>) {
  return (
    <>
      <section className="hero rounded-3 p-4 p-md-5 mb-4" data-testid="hero">
        <h1 className="display-6 fw-semibold">Laptops for work and play</h1>
        <p className="lead mb-4">
          Ultrabooks, gaming rigs and everyday notebooks from the brands you trust, shipped free over $200.
        </p>
        <Link to={categoryHref("Laptops")} className="btn btn-warning btn-lg">
          Shop laptops
        </Link>
      </section>
      <CategoryLinks title="Shop by category" />
      <section aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="h3 mb-3">
          Latest Products
        </h2>
        {products.length === 0 ? (
          <p className="lead text-muted">
            {filteredProductsCount === 0 ? "No products in the shop yet." : "No products on this page."}
          </p>
        ) : (
          <div className="row">
            {products.map((product, i) => (
              <ProductCard
                key={product.id}
                product={product}
                eager={i < 2}
                columnClass="col-6 col-md-4 col-lg-3"
                titleLevel={3}
              />
            ))}
          </div>
        )}
        {filteredProductsCount > resPerPage ? <Pagination page={page} pageCount={pageCount} /> : null}
      </section>
    </>
  );
}
