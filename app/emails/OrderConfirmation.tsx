import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { EmailLayout, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type OrderConfirmationProps = {
  shop: ShopFrame;
  buyerName: string;
  order: {
    orderNumber: number;
    lines: { name: string; quantity: number; priceCents: number }[];
    itemsPriceCents: number;
    shippingPriceCents: number;
    taxPriceCents: number;
    totalPriceCents: number;
  };
  address: string;
  orderUrl: string;
  receiptUrl: string;
};

/** Sent once an order is paid: what was bought, what it cost, where it goes. */
export function OrderConfirmation({ shop, buyerName, order, address, orderUrl, receiptUrl }: OrderConfirmationProps) {
  const number = formatOrderNumber(order.orderNumber);
  const formatMoney = moneyFormatter(shop.money);
  const totals: [string, number][] = [
    ["Subtotal", order.itemsPriceCents],
    ["Shipping", order.shippingPriceCents],
    ["Tax", order.taxPriceCents],
  ];
  return (
    <EmailLayout shop={shop} preview={`Your order ${number}: ${formatMoney(order.totalPriceCents)} paid`}>
      <Heading as="h1" style={mailStyles.heading}>
        {`Order ${number}`}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${buyerName},`}</Text>
      <Text style={mailStyles.text}>{`Thank you for your order ${number}. We have received your payment.`}</Text>
      <table data-text-format="dataTable" style={mailStyles.table} cellPadding={0} cellSpacing={0}>
        <thead>
          <tr>
            <th style={mailStyles.cell}>Item</th>
            <th style={mailStyles.number}>Qty</th>
            <th style={mailStyles.number}>Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <td style={mailStyles.cell}>{line.name}</td>
              <td style={mailStyles.number}>{line.quantity}</td>
              <td style={mailStyles.number}>{formatMoney(line.priceCents)}</td>
            </tr>
          ))}
          {totals.map(([label, cents]) => (
            <tr key={label}>
              <td style={mailStyles.number} colSpan={2}>
                {`${label}:`}
              </td>
              <td style={mailStyles.number}>{formatMoney(cents)}</td>
            </tr>
          ))}
          <tr>
            <td style={mailStyles.total} colSpan={2}>
              Total paid:
            </td>
            <td style={mailStyles.total}>{formatMoney(order.totalPriceCents)}</td>
          </tr>
        </tbody>
      </table>
      <Text style={mailStyles.text}>
        <b>Shipping to:</b> {address}
      </Text>
      <Text style={mailStyles.text}>
        <Link href={orderUrl} style={mailStyles.button}>
          Follow your order
        </Link>
      </Text>
      <Text style={mailStyles.text}>
        <Link href={receiptUrl}>Your receipt</Link>
      </Text>
    </EmailLayout>
  );
}
