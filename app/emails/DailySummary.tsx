import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** What the summary tells of one day (UTC): daily-summary.server.ts reads it from the database. */
export type DaySummary = {
  /** The day, YYYY-MM-DD (UTC). */
  day: string;
  orderCount: number;
  revenueCents: number;
  orders: { id: string; orderNumber: number; buyerName: string; totalPriceCents: number }[];
  topProducts: { name: string; quantity: number }[];
  lowStock: number;
  outOfStock: number;
};

export type DailySummaryProps = {
  shop: ShopFrame;
  summary: DaySummary;
  dashboardUrl: string;
  orderUrl: (id: string) => string;
};

/** To the owner each morning (when switched on): the day before's orders, best sellers and stock. */
export function DailySummary({ shop, summary, dashboardUrl, orderUrl }: DailySummaryProps) {
  const formatMoney = moneyFormatter(shop.money);
  const headline =
    summary.orderCount === 0
      ? `No orders were paid on ${summary.day}`
      : `${summary.orderCount} ${summary.orderCount === 1 ? "order" : "orders"} paid on ${summary.day}: ${formatMoney(summary.revenueCents)}`;
  return (
    <EmailLayout shop={shop} preview={headline}>
      <Heading as="h1" style={mailStyles.heading}>
        {`Your day: ${summary.day}`}
      </Heading>
      <Text style={mailStyles.text}>{`${headline}.`}</Text>
      {summary.orders.length ? (
        <table data-text-format="dataTable" style={mailStyles.table} cellPadding={0} cellSpacing={0}>
          <thead>
            <tr>
              <th style={mailStyles.cell}>Order</th>
              <th style={mailStyles.cell}>Buyer</th>
              <th style={mailStyles.number}>Total</th>
            </tr>
          </thead>
          <tbody>
            {summary.orders.map((order) => (
              <tr key={order.id}>
                <td style={mailStyles.cell}>
                  <Link href={orderUrl(order.id)}>{formatOrderNumber(order.orderNumber)}</Link>
                </td>
                <td style={mailStyles.cell}>{order.buyerName}</td>
                <td style={mailStyles.number}>{formatMoney(order.totalPriceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {summary.orderCount > summary.orders.length ? (
        <Text style={mailStyles.text}>{`…and ${summary.orderCount - summary.orders.length} more.`}</Text>
      ) : null}
      {summary.topProducts.length ? (
        <Text style={mailStyles.text}>
          {`Sold most: ${summary.topProducts.map((p) => `${p.name} (${p.quantity})`).join(", ")}.`}
        </Text>
      ) : null}
      <Text style={mailStyles.text}>
        {`Stock: ${summary.outOfStock} out of stock, ${summary.lowStock} running low.`}
      </Text>
      <MailButton href={dashboardUrl}>Open the dashboard</MailButton>
    </EmailLayout>
  );
}
