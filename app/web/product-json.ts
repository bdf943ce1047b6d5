import type { ProductReview, ProductSummary } from "~/models/catalogue";
import { config } from "~/config.server";
import { absoluteUrl } from "~/lib/absolute-url";
import { centsToDollars } from "~/lib/money";
import type { ProductPayload, ReviewPayload } from "~/lib/api-payloads";

type ReviewLike = Omit<ProductReview, "createdAt">;

export function reviewJson(review: ReviewLike): ReviewPayload {
  return {
    _id: review.id,
    user: review.userId,
    name: review.name,
    rating: review.rating,
    comment: review.comment,
    productId: review.productId,
  };
}

/** A product in the specification's shape: `_id`, price in dollars, images as `{ _id, url }` (absolute URLs). */
export function productJson(product: ProductSummary, reviews: ReviewLike[]): ProductPayload {
  return {
    _id: product.id,
    name: product.name,
    price: centsToDollars(product.priceCents),
    description: product.description,
    category: product.category,
    seller: product.seller,
    stock: product.stock,
    weightGrams: product.weightGrams,
    ratings: Math.round(product.ratings * 100) / 100,
    numOfReviews: product.numOfReviews,
    images: product.images.map((image) => ({ _id: image.id, url: absoluteUrl(config.publicUrl, image.url) })),
    options: product.options,
    variants: product.variants.map((v) => ({
      _id: v.id,
      options: v.optionValues,
      title: v.title,
      sku: v.sku,
      price: centsToDollars(v.priceCents),
      stock: v.stock,
      image: v.imageUrl ? absoluteUrl(config.publicUrl, v.imageUrl) : null,
    })),
    reviews: reviews.map(reviewJson),
    createdAt: product.createdAt.toISOString(),
  };
}
