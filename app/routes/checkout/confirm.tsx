import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/AddressBlock";
import { CheckoutSteps } from "~/components/CheckoutSteps";
import { PriceSummary } from "~/components/PriceSummary";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/use-money";
import { checkoutBuyer, loadPricedCheckout } from "~/web/checkout-page.server";
import { hasPage } from "~/models/content";
import { TERMS_PAGE } from "~/lib/page-schema";
import { CartNotices } from "~/components/CartNotices";
import { CouponForm } from "~/components/CouponForm";
import { couponFormAction } from "~/web/coupon-form.server";
import { readForm } from "~/web/forms.server";
import { lineName, productHref } from "~/lib/variants";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm your Order",
    description: "Check your items, shipping address and total before paying.",
    noindex: true,
  });

// The discount code can be entered or removed here too (CouponForm); the page then shows the new total.
export async function action({ request }: ActionFunctionArgs) {
  const { buyer } = await checkoutBuyer(request);
  if (!buyer) return redirect("/cart");
  const form = await readForm(request);
  return (await couponFormAction(form, buyer.cart, "/confirm")) ?? redirect("/confirm");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ buyer, lines, notices, shipping, quote }, terms] = await Promise.all([
    loadPricedCheckout(request),
    hasPage(TERMS_PAGE),
  ]);
  return { lines, notices, shipping, quote, terms, guestEmail: buyer.userId ? null : buyer.email };
}

export default function ConfirmOrder() {
  const formatMoney = useMoney();
  const { lines, notices, shipping, quote, terms, guestEmail } = useLoaderData<typeof loader>();
  return (
    <>
      <CheckoutSteps current={2} />
      <CartNotices notices={notices} />
      <div className="row justify-content-between">
        <div className="col-12 col-lg-8 mt-3">
          <h1 className="h3 mb-4">Confirm your order</h1>
          <h2 className="h4 mb-3">Shipping Info</h2>
          <AddressBlock address={shipping} testId="buyer-address" />
          <p className="mt-2 mb-4">
            <b>Phone:</b> <span data-testid="buyer-phone">{shipping.phoneNo}</span>
          </p>
          {guestEmail ? (
            <p className="mb-4" data-testid="guest-email">
              <b>Receipt to:</b> {guestEmail} · <Link to="/shipping">Change</Link>
            </p>
          ) : null}
          <p className="mb-4" data-testid="confirm-method">
            <b>Shipping method:</b> {quote.method.name} ({formatMoney(quote.method.priceCents)})
            {quote.options.length > 1 ? (
              <>
                {" "}
                · <Link to="/shipping">Change</Link>
              </>
            ) : null}
          </p>
          <hr />
          <h2 className="h4 mt-4">Your Cart Items:</h2>
          {lines.map((line) => (
            <div
              key={`${line.productId} ${line.variantId}`}
              className="border-bottom py-2 d-flex align-items-center gap-3"
              data-testid="confirm-line"
            >
              {line.image ? <img src={line.image} alt="" width={65} height={49} /> : null}
              <a href={productHref(line)} className="flex-grow-1">
                {lineName(line.name, line.variantTitle)}
              </a>
              <span>
                {line.quantity} x {formatMoney(line.priceCents)} = <b>{formatMoney(line.quantity * line.priceCents)}</b>
              </span>
            </div>
          ))}
        </div>
        <div className="col-12 col-lg-3 my-4">
          <PriceSummary
            prices={quote.prices}
            shippingMethod={quote.method.name}
            tax={quote.tax}
            discounts={quote.discounts}
          >
            <CouponForm coupon={quote.coupon} />
            <hr />
            <Link to="/payment" className="btn btn-warning w-100">
              Proceed to Payment
            </Link>
            {terms ? (
              <p className="small text-muted mt-2 mb-0" data-testid="terms-note">
                By paying you accept our <Link to={`/pages/${TERMS_PAGE}`}>terms and conditions</Link>.
              </p>
            ) : null}
          </PriceSummary>
        </div>
      </div>
    </>
  );
}
