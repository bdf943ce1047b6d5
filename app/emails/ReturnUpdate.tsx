import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { formatOrderNumber } from "~/lib/order-number";
import type { ReturnStatus } from "~/lib/returns";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** The steps of a return the shopper is mailed about here (the refund has its own mail). */
export type ReturnNewsStatus = Exclude<ReturnStatus, "refunded">;

export type ReturnNews = {
  orderId: string;
  orderNumber: number;
  status: ReturnNewsStatus;
  reason: string;
  items: { name: string; quantity: number }[];
};

/** Each step's headline and what the shopper does next. */
export const RETURN_NEWS: Record<ReturnNewsStatus, { headline: string; next: string }> = {
  requested: {
    headline: "we received your return request",
    next: "We will look at it and write to you. Please do not send anything before we approve it.",
  },
  approved: {
    headline: "your return is approved",
    next: "Please send the items back to us. We refund them once they arrive.",
  },
  received: {
    headline: "we received your returned items",
    next: "We are checking them; the refund follows.",
  },
  rejected: {
    headline: "we cannot accept your return",
    next: "If you have questions, reply to this mail.",
  },
};

export function ReturnUpdate({
  shop,
  buyerName,
  news,
  orderUrl,
}: {
  shop: ShopFrame;
  buyerName: string;
  news: ReturnNews;
  orderUrl: string;
}) {
  const { headline, next } = RETURN_NEWS[news.status];
  const title = `Order ${formatOrderNumber(news.orderNumber)}: ${headline}`;
  return (
    <EmailLayout shop={shop} preview={title}>
      <Heading as="h1" style={mailStyles.heading}>
        {title}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${buyerName},`}</Text>
      <Text style={mailStyles.text}>
        {`Items: ${news.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}. Your reason: ${news.reason}`}
      </Text>
      <Text style={mailStyles.text}>{next}</Text>
      <MailButton href={orderUrl}>View your order</MailButton>
    </EmailLayout>
  );
}
