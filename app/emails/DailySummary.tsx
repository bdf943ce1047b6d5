import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { DEFAULT_DATE_FORMAT, dateFormatter } from "~/lib/dates";
import { moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** What the summary tells of one day of the shop's time zone: daily-summary.server.ts reads it from the database. */
export type DaySummary = {
  /** The day, YYYY-MM-DD, in the shop's time zone. */
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

/** The summary's day as the shop writes dates: "Mar 4, 2026". */
export const summaryDay = (shop: ShopFrame, summary: DaySummary) =>
  dateFormatter(shop.dates ?? DEFAULT_DATE_FORMAT).day(summary.day);

/** To the owner each morning (when switched on): the day before's orders, best sellers and stock. */
export function DailySummary({ shop, summary, dashboardUrl, orderUrl }: DailySummaryProps) {
  const formatMoney = moneyFormatter(shop.money);
  const day = summaryDay(shop, summary);
  const headline =
    summary.orderCount === 0
      ? `No orders were paid on ${day}`
      : `${summary.orderCount} ${summary.orderCount === 1 ? "order" : "orders"} paid on ${day}: ${formatMoney(summary.revenueCents)}`;
  return (
    <EmailLayout shop={shop} preview={headline}>
      <Heading as="h1" style={mailStyles.heading}>
        {`Your day: ${day}`}
      </Heading>
      <Text style={mailStyles.text}>{`${headline}.`}</Text>
      <Text
        style={mailStyles.text}
      >{`Days are counted in the shop's time zone, ${(shop.dates ?? DEFAULT_DATE_FORMAT).timeZone}.`}</Text>
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
