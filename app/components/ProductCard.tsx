import { Link } from "@remix-run/react";
import { useMoney } from "~/lib/use-money";
import { countOf } from "~/lib/plural";
import { Rating } from "./Rating";
import { StockBadge } from "./StockBadge";

export type ProductCardData = {
  id: string;
  name: string;
  priceCents: number;
  /** The product comes in variants of different prices: priceCents is the lowest ("from"). */
  priceVaries?: boolean;
  ratings: number;
  numOfReviews: number;
  stock: number;
  images: { id: string; url: string }[];
};

type Props = {
  product: ProductCardData;
  columnClass: string;
  /** The first cards, in view at once (the page's largest paint), load without waiting. */
  eager?: boolean;
  /** The card title's heading level: 3 where the cards sit under a section's h2. */
  titleLevel?: 2 | 3;
};

export function ProductCard({ product, columnClass, eager = false, titleLevel = 2 }: Props) {
  const formatMoney = useMoney();
  const image = product.images[0];
  const Title = titleLevel === 3 ? "h3" : "h2";
  return (
    <div className={`${columnClass} my-3`}>
      <article className="card product-card h-100 shadow-sm" data-testid="product-card">
        {image ? (
          <img
            className="card-img-top"
            src={image.url}
            alt={product.name}
            loading={eager ? "eager" : "lazy"}
            width={400}
            height={300}
          />
        ) : null}
        <div className="card-body d-flex flex-column">
          <Title className="card-title h6">
            <Link to={`/product/${product.id}`}>{product.name}</Link>
          </Title>
          <div className="d-flex flex-wrap align-items-center column-gap-2 mb-2">
            <Rating value={product.ratings} />
            <span className="text-muted small">({countOf(product.numOfReviews, "review")})</span>
          </div>
          <p className="card-text d-flex flex-wrap align-items-center gap-2">
            <span className="fs-5 fw-semibold">
              {product.priceVaries ? <span className="fs-6 fw-normal">from </span> : null}
              {formatMoney(product.priceCents)}
            </span>
            <StockBadge stock={product.stock} />
          </p>
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
