import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/AddressBlock";
import { ShopDate } from "~/components/ShopDate";
import { PriceSummary, storedPrices } from "~/components/PriceSummary";
import { orderAddress } from "~/lib/address";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { useMoney } from "~/lib/use-money";
import { pageMeta } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { checkoutBuyer } from "~/web/checkout-page.server";
import { orderLinks, getPlacedOrderOf } from "~/models/orders";
import { lateRefundOf } from "~/models/checkout";
import { lineName } from "~/lib/variants";

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.refunded
    ? pageMeta(args, { title: "Payment Refunded", description: "Your payment was refunded.", noindex: true })
    : pageMeta(args, { title: "Order Success", description: "Your order is placed.", noindex: true });

// The payment steps send the buyer to /success?order={id}. The id in the URL is only a hint: the
// page shows the order only when it is the signed-in user's own, paid order.
// A payment that came after its reservation lapsed lands here too: the page says it was refunded.
export async function loader({ request }: LoaderFunctionArgs) {
  const { buyer } = await checkoutBuyer(request);
  if (!buyer) return { order: null, refunded: null, guest: true };
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const refund = await lateRefundOf(orderId, buyer);
  if (refund) return { order: null, refunded: refund.message, guest: !buyer.userId };
  const order = await getPlacedOrderOf(orderId, buyer);
  if (!order) return { order: null, refunded: null, guest: !buyer.userId };
  return {
    refunded: null,
    guest: !buyer.userId,
    order: {
      links: orderLinks(order),
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      lines: order.lines.map(({ id, name, variantTitle, quantity, priceCents }) => ({
        id,
        name,
        variantTitle,
        quantity,
        priceCents,
      })),
      address: orderAddress(order),
      priced: storedPrices(order),
      money: moneyFormatOf(order),
      mailedTo: order.guestEmail ?? order.buyer?.email ?? buyer.email,
    },
  };
}

export default function OrderSuccess() {
  const shopMoney = useMoney();
  const { order, refunded, guest } = useLoaderData<typeof loader>();
  // The order in the currency it was paid in; a refunded payment's message in the shop's.
  const formatMoney = order ? moneyFormatter(order.money) : shopMoney;
  if (refunded) {
    return (
      <div className="row justify-content-center mt-5">
        <div className="col-lg-8 text-center">
          <h1 className="h3">Your payment was refunded</h1>
          <p className="lead" data-testid="late-payment-refunded">
            {refunded}
          </p>
          <p className="d-flex flex-wrap gap-3 justify-content-center">
            <Link to="/cart" className="btn btn-primary">
              Back to your cart
            </Link>
            {guest ? null : <Link to="/orders/me">Go to Orders</Link>}
          </p>
        </div>
      </div>
    );
  }
  if (!order) {
    return (
      <div className="text-center mt-5">
        <h1 className="h3">No order to show here</h1>
        <p>
          {guest ? (
            <>
              Find an order by its number and your e-mail: <Link to="/order/lookup">Look up an order</Link>.
            </>
          ) : (
            <>
              Your orders, with their receipts, are listed in <Link to="/orders/me">My Orders</Link>.
            </>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="row justify-content-center mt-4">
      <div className="col-lg-8">
        <div className="text-center">
          <svg width="96" height="96" viewBox="0 0 24 24" aria-hidden="true" className="text-success mb-3">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <h1 className="h3">Your order has been placed.</h1>
          <p className="lead" data-testid="order-number">
            Order {formatOrderNumber(order.orderNumber)}, <ShopDate at={order.createdAt} time />
          </p>
          <p data-testid="receipt-mailed">
            A receipt has been mailed to <strong>{order.mailedTo}</strong>.
          </p>
        </div>
        <h2 className="h5 mt-4">Items</h2>
        <ul className="list-group mb-3">
          {order.lines.map((line) => (
            <li
              key={line.id}
              className="list-group-item d-flex justify-content-between gap-3"
              data-testid="success-line"
            >
              <span>
                {line.quantity} × {lineName(line.name, line.variantTitle)}
              </span>
              <span>{formatMoney(line.priceCents * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <h2 className="h5">Shipping to</h2>
        <div className="mb-3">
          <AddressBlock address={order.address} testId="shipping-address" />
        </div>
        <PriceSummary {...order.priced} />
        <p className="d-flex flex-wrap gap-3 justify-content-center mt-4">
          <Link to={order.links.page} className="btn btn-primary">
            View order
          </Link>
          <Link to={order.links.receipt} className="btn btn-outline-secondary">
            Receipt
          </Link>
          {guest ? null : <Link to="/orders/me">Go to Orders</Link>}
        </p>
        {guest ? (
          <p className="text-center text-muted" data-testid="guest-account-hint">
            The mail has a link to this order. <Link to="/register">Create an account</Link> with {order.mailedTo} to
            keep your orders together: they join it once you confirm the address.
          </p>
        ) : null}
      </div>
    </div>
  );
}
