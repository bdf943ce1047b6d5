import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/use-money";
import { countOf } from "~/lib/plural";
import { itemsCentsOf, percentOf } from "~/lib/pricing";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { getOptionalUser } from "~/web/auth.server";
import { cartCouponCode, loadCart, removeCartLine, stepCartLine } from "~/models/cart";
import { cartEstimate, type CartEstimate, customerWith, discountContext, savedShippingInfo } from "~/models/pricing";
import { CouponForm } from "~/components/CouponForm";
import { couponFormAction } from "~/web/coupon-form.server";
import { discountLabel } from "~/lib/discounts";
import { CartNotices } from "~/components/CartNotices";
import { CategoryLinks } from "~/components/CategoryLinks";
import { shownCategories } from "~/models/catalogue";
import { cartRef } from "~/web/cart-cookie.server";
import { orRedirectWithError } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { lineName, productHref } from "~/lib/variants";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your Cart",
    description: "The products in your cart, their quantities and the subtotal.",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const ref = await cartRef(request, user);
  const { lines, notices } = await loadCart(ref);
  // An empty cart offers the categories to browse.
  const categories = lines.length === 0 ? await shownCategories() : [];
  const estimate =
    lines.length === 0
      ? null
      : await cartEstimate(
          lines,
          user ? savedShippingInfo(user) : null,
          await discountContext({
            couponCode: await cartCouponCode(ref),
            customer: user ? customerWith(user.id, user.email) : null,
          }),
        );
  return { lines, notices, itemsCents: itemsCentsOf(lines), categories, estimate };
}

// Which line: its product, and its variant ("" for a product without options).
const lineSchema = z.object({
  productId: z.string().min(1, "Choose a line of your cart").max(64),
  variantId: z.string().max(64).optional().default(""),
});

const stepSchema = lineSchema.extend({
  step: z.enum(["1", "-1"], { message: "Choose one more or one less" }).transform((v) => (v === "1" ? 1 : -1)),
});

export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "checkout") {
    // Signed in or not: a visitor checks out as a guest, or logs in from the shipping step.
    return redirect("/shipping");
  }
  const coupon = await couponFormAction(form, await cartRef(request, user), "/cart");
  if (coupon) return coupon;
  if (intent === "remove") {
    const parsed = lineSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return redirectWithError("/cart", parsed.error.issues[0].message);
    await removeCartLine(await cartRef(request, user), parsed.data);
    return redirectWithSuccess("/cart", "Item removed from cart");
  }
  if (intent === "update") {
    const parsed = stepSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return redirectWithError("/cart", parsed.error.issues[0].message);
    const { step, ...item } = parsed.data;
    const cart = await cartRef(request, user);
    await orRedirectWithError("/cart", () => stepCartLine(cart, item, step));
    return redirect("/cart");
  }
  return redirectWithError("/cart", "Unknown cart action");
}

export default function Cart() {
  const formatMoney = useMoney();
  const { lines, notices, itemsCents, categories, estimate } = useLoaderData<typeof loader>();
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section>
      <CartNotices notices={notices} />
      {lines.length === 0 ? (
        <>
          <h1 className="h3 mt-4">Your Cart is Empty</h1>
          <p>
            <Link to="/" className="btn btn-warning">
              Continue shopping
            </Link>
          </p>
          {categories.length > 0 ? <CategoryLinks title="Or browse a category" categories={categories} /> : null}
        </>
      ) : (
        <>
          <h1 className="h3 mt-4">
            Your Cart: <b data-testid="cart-lines">{countOf(lines.length, "item")}</b>
          </h1>
          <div className="row justify-content-between">
            <div className="col-12 col-lg-8">
              {lines.map((line) => (
                <div key={`${line.productId} ${line.variantId}`} className="border-top py-3" data-testid="cart-line">
                  <div className="row align-items-center g-3">
                    <div className="col-3 col-lg-2">
                      {line.image ? <img src={line.image} alt="" width={90} height={68} className="img-fluid" /> : null}
                    </div>
                    <div className="col-9 col-lg-4">
                      <Link to={productHref(line)}>{line.name}</Link>
                      {line.variantTitle ? (
                        <p className="small text-muted mb-0" data-testid="line-variant">
                          {line.variantTitle}
                        </p>
                      ) : null}
                    </div>
                    <div className="col-4 col-lg-2">
                      <p className="mb-0 fw-semibold text-warning-emphasis">{formatMoney(line.priceCents)}</p>
                    </div>
                    <div className="col-5 col-lg-3">
                      <Form
                        method="post"
                        className="input-group flex-nowrap"
                        aria-label={`Quantity of ${lineName(line.name, line.variantTitle)}`}
                      >
                        <input type="hidden" name="intent" value="update" />
                        <LineFields line={line} />
                        <button
                          type="submit"
                          name="step"
                          value="-1"
                          className="btn btn-danger"
                          disabled={line.quantity <= 1}
                          aria-label={`One less ${lineName(line.name, line.variantTitle)}`}
                        >
                          −
                        </button>
                        <output className="form-control text-center" data-testid="line-quantity">
                          {line.quantity}
                        </output>
                        <button
                          type="submit"
                          name="step"
                          value="1"
                          className="btn btn-primary"
                          disabled={line.quantity >= line.stock}
                          aria-label={`One more ${lineName(line.name, line.variantTitle)}`}
                        >
                          +
                        </button>
                      </Form>
                    </div>
                    <div className="col-3 col-lg-1">
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <LineFields line={line} />
                        <button
                          type="submit"
                          className="btn btn-outline-danger btn-sm"
                          aria-label={`Delete ${lineName(line.name, line.variantTitle)}`}
                        >
                          Delete
                        </button>
                      </Form>
                    </div>
                  </div>
                </div>
              ))}
            </div>
            <div className="col-12 col-lg-3 my-4">
              <div className="card card-body" data-testid="order-summary">
                <h2 className="h5">Order Summary</h2>
                <hr />
                <p className="d-flex justify-content-between">
                  Quantity: <span data-testid="units">{countOf(units, "unit")}</span>
                </p>
                <p className="d-flex justify-content-between mb-1">
                  Subtotal: <span data-testid="subtotal">{formatMoney(itemsCents)}</span>
                </p>
                {estimate?.discounts.map((discount) => (
                  <p key={discount.id} className="d-flex justify-content-between mb-1" data-testid="cart-discount">
                    {discount.kind === "free_shipping" ? (
                      <>Shipping: free with {discountLabel(discount)}</>
                    ) : (
                      <>
                        Discount ({discountLabel(discount)}): <span>−{formatMoney(discount.amountCents)}</span>
                      </>
                    )}
                  </p>
                ))}
                {estimate ? <SubtotalNote estimate={estimate} /> : null}
                <CouponForm coupon={estimate?.coupon ?? null} />
                <hr />
                <Form method="post">
                  <input type="hidden" name="intent" value="checkout" />
                  <button type="submit" className="btn btn-warning w-100">
                    Check out
                  </button>
                </Form>
              </div>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/** The hidden fields that name a line in its forms. */
function LineFields({ line }: { line: { productId: string; variantId: string } }) {
  return (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      {line.variantId ? <input type="hidden" name="variantId" value={line.variantId} /> : null}
    </>
  );
}

/** "Before 5% tax and shipping ($25.00, free on orders over $200.00), which are added at checkout." */
function SubtotalNote({ estimate: { country, home, tax, shipping } }: { estimate: CartEstimate }) {
  const formatMoney = useMoney();
  const taxText = tax ? `${percentOf(tax.rateBp)} ${tax.name === "Tax" ? "tax" : tax.name}` : "tax";
  const to = country ? ` to ${country}` : "";
  let shippingText = "";
  if (shipping?.priceCents === 0) shippingText = " (free)";
  else if (shipping)
    shippingText = ` (${formatMoney(shipping.priceCents)}${
      shipping.freeOverCents === null ? "" : `, free on orders over ${formatMoney(shipping.freeOverCents)}`
    })`;
  return (
    <p className="small text-muted" data-testid="subtotal-note">
      {tax?.included
        ? `Includes ${taxText}. Shipping${to}${shippingText} is added at checkout.`
        : `Before ${taxText} and shipping${to}${shippingText}, which are added at checkout.`}
      {home ? ` Priced for ${country} until you give your address.` : null}
    </p>
  );
}
