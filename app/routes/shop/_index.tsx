import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CachedFragment } from "~/components/CachedFragment";
import { CategoryLinks } from "~/components/CategoryLinks";
import { Pagination } from "~/components/Pagination";
import { ProductCard } from "~/components/ProductCard";
import { parseProductQuery } from "~/lib/catalogue-query";
import { pageMeta } from "~/lib/meta";
import { shownCategories } from "~/models/catalogue";
import { isSetUp } from "~/models/accounts";
import { getShopSettings } from "~/models/settings";
import { badQuery, loadProductCards } from "~/web/catalogue-page.server";

// The title and description are the owner's (admin → Settings); the specification's in the demo shop.
export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.page.title ?? "Home",
    description: args.data?.page.description ?? "",
    canonicalParams: ["page"],
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // A shop without an admin opens on its setup page (which asks for the token of the start log).
  if (!(await isSetUp())) throw redirect("/setup");
  const params = new URL(request.url).searchParams;
  const parsed = parseProductQuery(new URLSearchParams({ page: params.get("page") ?? "" }), []);
  if (!parsed.success) badQuery(parsed.message);
  const [cards, settings, shown] = await Promise.all([
    loadProductCards(parsed.query),
    getShopSettings(),
    shownCategories(),
  ]);
  const { name, heroTitle, heroText, heroLinkLabel, heroLink, heroImageUrl, heroCategories } = settings;
  return {
    cards,
    page: { title: settings.homeTitle, description: settings.homeDescription },
    hero: { title: heroTitle, text: heroText, linkLabel: heroLinkLabel, link: heroLink, imageUrl: heroImageUrl },
    shopName: name,
    // The owner's choice (admin → Settings), in the shop's order; null: every category listed.
    categories: heroCategories === null ? shown : shown.filter((c) => heroCategories.includes(c.name)),
  };
}

export default function Home() {
  const { cards, hero, shopName, categories } = useLoaderData<typeof loader>();
  if (cards.filteredProductsCount === 0) return <EmptyShop shopName={shopName} />;
  return (
    <>
      <Hero {...hero} />
      {categories.length > 0 ? <CategoryLinks title="Shop by category" categories={categories} /> : null}
      {/* Nothing here is about the visitor: rendered once per catalogue version and URL on the server. */}
      <CachedFragment name="home" data={cards}>
        <LatestProducts {...cards} />
      </CachedFragment>
    </>
  );
}

/** The owner's hero (admin → Settings): a title, a line, a button and a picture, each optional but the title. */
function Hero({ title, text, linkLabel, link, imageUrl }: ReturnType<typeof useLoaderData<typeof loader>>["hero"]) {
  const external = /^https?:/i.test(link);
  return (
    <section className="hero rounded-3 p-4 p-md-5 mb-4" data-testid="hero">
      <div className="row align-items-center g-4">
        <div className={imageUrl ? "col-md-7" : "col-12"}>
          <h1 className="display-6 fw-semibold">{title}</h1>
          {text ? <p className="lead mb-4 hero-text">{text}</p> : null}
          {linkLabel && link ? (
            external ? (
              <a href={link} className="btn btn-warning btn-lg">
                {linkLabel}
              </a>
            ) : (
              <Link to={link} className="btn btn-warning btn-lg">
                {linkLabel}
              </Link>
            )
          ) : null}
        </div>
        {imageUrl ? (
          <div className="col-md-5 text-center">
            <img src={imageUrl} alt="" className="img-fluid rounded-3 hero-picture" />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** A shop without a product yet: said plainly, without a hero or categories that lead nowhere. */
function EmptyShop({ shopName }: { shopName: string }) {
  return (
    <section className="text-center py-5" data-testid="empty-shop">
      <h1 className="h2">Welcome to {shopName}</h1>
      <p className="lead text-muted">There are no products in the shop yet. Please come back soon.</p>
    </section>
  );
}

function LatestProducts({
  products,
  filteredProductsCount,
  resPerPage,
  page,
  pageCount,
}: ReturnType<typeof useLoaderData<typeof loader>>["cards"]) {
  return (
    <>
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
