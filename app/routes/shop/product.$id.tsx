import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { CachedFragment } from "~/components/CachedFragment";
import { ProductCard } from "~/components/ProductCard";
import { ProductGallery } from "~/components/ProductGallery";
import { StockBadge } from "~/components/StockBadge";
import { VariantPicker, optionParam } from "~/components/VariantPicker";
import { chooseVariant, productHref, valueStates } from "~/lib/variants";
import { categoryPath } from "~/lib/category-path";
import { searchHref } from "~/lib/search-links";
import { categoryNamed, getProduct, relatedProducts, upsertReview } from "~/models/catalogue";
import { QuantityStepper } from "~/components/QuantityStepper";
import { Rating } from "~/components/Rating";
import { addToCartSchema } from "~/lib/cart-schema";
import { pageMeta, shopOf } from "~/lib/meta";
import { productShareMeta, shortDescription } from "~/lib/product-seo";
import { useMoney } from "~/lib/use-money";
import { countOf } from "~/lib/plural";
import { redirectWithSuccess } from "~/web/toast.server";
import { CartError, setCartLine } from "~/models/cart";
import { cartRef, newCartHeaders } from "~/web/cart-cookie.server";
import { productCards } from "~/web/catalogue-page.server";
import { getOptionalUser, requireUser } from "~/web/auth.server";
import { ReviewForm } from "~/components/ReviewForm";
import { formFailure } from "~/web/form-response.server";
import { notFound, publicErrorToForm } from "~/web/errors.server";
import { reviewSchema } from "~/lib/review-schema";
import { fieldErrorsOf } from "~/lib/zod-errors";
import { readForm } from "~/web/forms.server";
import { StockAlertForm } from "~/components/StockAlertForm";
import { getShopSettings } from "~/models/settings";
import { postStockAlert } from "~/web/stock-alert-form.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  const product = args.data?.product;
  if (!product)
    return pageMeta(args, { title: "Not Found", description: "This product does not exist.", noindex: true });
  const { shopName, publicUrl, currency } = shopOf(args.matches);
  return [
    ...pageMeta(args, { title: product.name, description: shortDescription(product.description) }),
    ...productShareMeta(product, publicUrl, shopName, args.data?.categoryLink, currency),
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const product = await getProduct(params.id ?? "");
  if (!product) throw notFound("Product not found");
  const query = new URL(request.url).searchParams;
  const choice = chooseVariant(product.options, product.variants, {
    variantId: query.get("variant"),
    values: product.options.map((_, i) => query.get(optionParam(i))),
  });
  const variant = choice.variant;
  // The picture shown: the one asked for, else the chosen variant's own.
  const variantImage = variant?.imageUrl ? product.images.findIndex((i) => i.url === variant.imageUrl) : -1;
  const image = Number(query.get("image") ?? Math.max(variantImage, 0));
  const [user, related, category, settings] = await Promise.all([
    getOptionalUser(request),
    relatedProducts(product),
    categoryNamed(product.category),
    getShopSettings(),
  ]);
  const stock = variant ? variant.stock : product.variants.length ? 0 : product.stock;
  const notMade = product.options.length > 0 && !variant;
  const mine = user ? product.reviews.find((r) => r.userId === user.id) : undefined;
  return {
    product,
    choice: {
      values: choice.values,
      variantId: variant?.id ?? null,
      title: variant?.title ?? null,
      sku: variant?.sku ?? null,
      // A product with options sells its variants: a combination not made has nothing to sell.
      priceCents: variant?.priceCents ?? product.priceCents,
      stock,
      states: valueStates(product.options, product.variants, choice.values),
    },
    activeImage: Number.isInteger(image) ? image : 0,
    signedIn: Boolean(user),
    currentUserId: user?.id ?? null,
    myReview: mine ? { rating: mine.rating, comment: mine.comment } : null,
    // "Tell me when it's back", for a sold-out item when the shop sends these mails: the signed-in shopper's address.
    stockAlert: settings.backInStockMails && stock === 0 && !notMade ? { email: user?.email ?? "" } : null,
    related: productCards(related),
    // The breadcrumb's link: the category's page, or its products when it is hidden.
    categoryLink:
      category && !category.hidden ? categoryPath(category.slug) : searchHref({ category: product.category }),
  };
}

async function postReview(request: Request, productId: string, form: FormData) {
  const user = await requireUser(request);
  const values = { rating: form.get("rating") ?? "", comment: form.get("comment") ?? "" };
  const result = reviewSchema.safeParse(values);
  if (!result.success) return formFailure(400, fieldErrorsOf(result.error), values);
  try {
    await upsertReview(user.id, { productId, ...result.data });
  } catch (error) {
    return publicErrorToForm(error);
  }
  return redirectWithSuccess(`/product/${encodeURIComponent(productId)}`, "Review posted");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "review") return postReview(request, params.id ?? "", form);
  if (intent === "notify") return postStockAlert(request, context.clientIp, params.id ?? "", form);
  if (intent !== "add-to-cart") return data({ error: "Unknown action", quantity: "" }, { status: 400 });
  const quantity = String(form.get("quantity") ?? "");
  const parsed = addToCartSchema.safeParse({ quantity, variantId: form.get("variantId") ?? undefined });
  if (!parsed.success) return data({ error: parsed.error.issues[0].message, quantity }, { status: 400 });
  const { variantId } = parsed.data;
  try {
    const cart = await cartRef(request, await getOptionalUser(request));
    const item = { productId: params.id ?? "", variantId };
    const headers = await newCartHeaders(cart, await setCartLine(cart, item, parsed.data.quantity));
    return redirectWithSuccess(productHref(item), "Item added to cart", { headers });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    if (error.status === 404) throw notFound("Product not found");
    return data({ error: error.message, quantity }, { status: error.status });
  }
}

export default function ProductPage() {
  const formatMoney = useMoney();
  const { product, choice, activeImage, signedIn, currentUserId, myReview, related, categoryLink, stockAlert } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const actionData = result && "quantity" in result ? result : undefined;
  const stockAlertResult = result && "stockAlert" in result ? result : null;
  const reviewResult = result && "fieldErrors" in result && !("stockAlert" in result) ? result : null;
  const navigation = useNavigation();
  const inStock = choice.stock > 0;
  const hasOptions = product.options.length > 0;
  const notMade = hasOptions && choice.variantId === null;
  const otherReviews = product.reviews.filter((r) => r.userId !== currentUserId);
  // The product's own parts are the same for everyone: each is rendered once per catalogue version
  // (and URL) on the server. The forms, and the reviews shown apart from the visitor's, are not.
  return (
    <>
      <CachedFragment name="breadcrumbs" data={product}>
        <Breadcrumbs
          trail={[{ label: "Home", to: "/" }, { label: product.category, to: categoryLink }, { label: product.name }]}
        />
      </CachedFragment>
      <article className="row g-4 g-lg-5">
        <div className="col-lg-5">
          <CachedFragment name="gallery" data={product}>
            <ProductGallery
              name={product.name}
              images={product.images}
              active={activeImage}
              linkQuery={choice.variantId ? `variant=${encodeURIComponent(choice.variantId)}&` : ""}
            />
          </CachedFragment>
        </div>
        <div className="col-lg-7" data-testid="product-summary">
          <CachedFragment name="summary" data={product}>
            <h1 className="h3">{product.name}</h1>
            {choice.sku ? (
              <p className="text-muted small" data-testid="product-sku">
                SKU {choice.sku}
              </p>
            ) : null}
            <hr />
            <div className="d-flex align-items-center gap-2">
              <Rating value={product.ratings} />
              <span className="text-muted">({countOf(product.numOfReviews, "review")})</span>
            </div>
            <hr />
            <p className="d-flex flex-wrap align-items-center gap-3">
              <span className="fs-3 fw-semibold" data-testid="price">
                {formatMoney(choice.priceCents)}
              </span>
              {notMade ? null : <StockBadge stock={choice.stock} className="fs-6" />}
            </p>
            {hasOptions ? (
              <VariantPicker options={product.options} chosen={choice.values} states={choice.states} />
            ) : null}
            {notMade ? (
              <p className="text-danger" role="status" data-testid="variant-unavailable">
                This combination is not available. Choose another.
              </p>
            ) : null}
          </CachedFragment>
          <Form method="post" className="d-flex flex-wrap align-items-start gap-3" key={product.id}>
            <input type="hidden" name="intent" value="add-to-cart" />
            {choice.variantId ? <input type="hidden" name="variantId" value={choice.variantId} /> : null}
            <div>
              <QuantityStepper
                key={actionData?.quantity ?? "initial"}
                name="quantity"
                max={choice.stock}
                defaultValue={Number(actionData?.quantity) || 1}
                disabled={!inStock}
                invalid={Boolean(actionData?.error)}
                describedBy={actionData?.error ? "quantity-error" : undefined}
              />
              {actionData?.error ? (
                <div id="quantity-error" className="invalid-feedback d-block">
                  {actionData.error}
                </div>
              ) : null}
            </div>
            <button
              type="submit"
              className="btn btn-warning px-4"
              disabled={!inStock || navigation.state === "submitting"}
            >
              {hasOptions && !notMade && !inStock ? "Sold out" : "Add to Cart"}
            </button>
          </Form>
          {stockAlert ? (
            <StockAlertForm
              productId={product.id}
              variantId={choice.variantId}
              defaultEmail={stockAlert.email}
              submitted={stockAlertResult}
            />
          ) : null}
          <CachedFragment name="details" data={product}>
            <hr />
            <p>
              Status:{" "}
              <strong className={inStock ? "stock-in" : "stock-out"} data-testid="stock-status">
                {inStock ? "In Stock" : "Out of Stock"}
              </strong>
              {choice.title ? <span className="text-muted"> ({choice.title})</span> : null}
            </p>
            <hr />
            <h2 className="h5">Description:</h2>
            <p style={{ whiteSpace: "pre-line" }}>{product.description}</p>
            <hr />
            <p>
              Sold by: <strong>{product.seller}</strong>
            </p>
            <p className="text-muted small">Category: {product.category}</p>
          </CachedFragment>
          {signedIn ? (
            <ReviewForm existing={myReview} submitted={reviewResult} />
          ) : (
            <p className="alert alert-secondary mt-4" role="note">
              <Link to={`/lgn?redirectTo=${encodeURIComponent(`/product/${product.id}`)}`} className="alert-link">
                Log in to post your review.
              </Link>
            </p>
          )}
        </div>
        <section className="col-12" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className="h4">
            {signedIn ? "Reviews from other shoppers" : "Reviews"}
          </h2>
          {otherReviews.length === 0 ? (
            <p className="text-muted">No reviews yet.</p>
          ) : (
            <ul className="list-unstyled">
              {otherReviews.map((review) => (
                <li key={review.id} className="border-bottom py-3" data-testid="review">
                  <Rating value={review.rating} />
                  <p className="mb-1 fw-semibold">by {review.name}</p>
                  <p className="mb-0">{review.comment}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </article>
      {related.length > 0 ? (
        <CachedFragment name="related" data={related}>
          <section aria-labelledby="related-heading" className="mt-5" data-testid="related-products">
            <h2 id="related-heading" className="h4">
              Related products
            </h2>
            <div className="row">
              {related.map((card) => (
                <ProductCard key={card.id} product={card} columnClass="col-6 col-lg-3" titleLevel={3} />
              ))}
            </div>
          </section>
        </CachedFragment>
      ) : null}
    </>
  );
}
