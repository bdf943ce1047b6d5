import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/AddressBlock";
import { ShopDate } from "~/components/ShopDate";
import { PrintHeader } from "~/components/PrintHeader";
import { pageMeta } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { lineName } from "~/lib/variants";
import { getOrder } from "~/models/orders";
import { getShopSettings } from "~/models/settings";
import receiptPrintCss from "~/styles/receipt-print.css?url";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Packing slip", description: "What goes in an order's parcel.", noindex: true });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptPrintCss }];

// GET /admin/order/:id/packing-slip: what goes in the parcel and where it goes, without prices.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrder(params.id ?? "");
  if (!order) throw notFound("Order not found");
  return { shopName: (await getShopSettings()).name, order };
}

export default function PackingSlip() {
  const { shopName, order } = useLoaderData<typeof loader>();
  const number = formatOrderNumber(order.orderNumber);
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article className="receipt mx-auto" style={{ maxWidth: "48rem" }}>
      <PrintHeader back={`/admin/order/${order.id}`} backLabel="Back to the order">
        <p className="h5 mb-0">{shopName}</p>
        <h1 className="h4 mb-0">Packing slip for order {number}</h1>
      </PrintHeader>
      <div className="row mb-3">
        <div className="col-sm-6 mb-3" data-testid="slip-address">
          <h2 className="h6 text-muted mb-1">Ship to</h2>
          <AddressBlock address={order} />
          <p className="mb-0">{order.shippingPhoneNo}</p>
        </div>
        <div className="col-sm-6 mb-3">
          <h2 className="h6 text-muted mb-1">Order</h2>
          <p className="mb-0">
            {number}, <ShopDate at={order.createdAt} />
          </p>
          {order.shippingMethod ? <p className="mb-0">Shipping: {order.shippingMethod}</p> : null}
        </div>
      </div>
      <div className="table-responsive">
        <table className="table table-sm">
          <caption className="visually-hidden">Items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col" className="text-end">
                Qty
              </th>
              <th scope="col" className="text-center">
                Packed
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} data-testid="slip-line">
                <td>{lineName(line.name, line.variantTitle)}</td>
                <td>{line.sku ?? ""}</td>
                <td className="text-end">{line.quantity}</td>
                <td className="text-center" aria-hidden>
                  ☐
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Units
              </th>
              <td className="text-end" data-testid="slip-units">
                {units}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </article>
  );
}
