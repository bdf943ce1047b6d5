import { Link } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import { Rating } from "./Rating";

export type ProductCardData = {
  id: string;
  name: string;
  priceCents: number;
  ratings: number;
  numOfReviews: number;
  images: { id: string; url: string }[];
};

/** `eager`: the first cards, in view at once (the page's largest paint), load without waiting. */
export function ProductCard({ product, columnClass, eager = false }: { product: ProductCardData; columnClass: string; eager?: boolean }) {
  const image = product.images[0];
  return (
    <div className={`${columnClass} my-3`}>
      <article className="card product-card h-100 shadow-sm" data-testid="product-card">
        {image ? (
          <img className="card-img-top" src={image.url} alt={product.name} loading={eager ? "eager" : "lazy"} width={400} height={300} />
        ) : null}
        <div className="card-body d-flex flex-column">
          <h2 className="card-title h6">
            <Link to={`/product/${product.id}`}>{product.name}</Link>
          </h2>
          <div className="d-flex align-items-center gap-2 mb-2">
            <Rating value={product.ratings} />
            <span className="text-muted small">({product.numOfReviews} Reviews)</span>
          </div>
          <p className="card-text fs-5 fw-semibold">{formatMoney(product.priceCents)}</p>
          <Link
            to={`/product/${product.id}`}
            className="btn btn-warning mt-auto"
            aria-label={`View Details of ${product.name}`}
          >
            View Details
          </Link>
        </div>
      </article>
    </div>
  );
}
