import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type RefundIssuedProps = {
  shop: ShopFrame;
  buyerName: string;
  orderNumber: number;
  amountCents: number;
  /** All that went back on the order so far, this refund included, and what was paid. */
  refundedCents: number;
  totalCents: number;
  reason: string;
  /** Whether the order was cancelled with this refund. */
  cancelled: boolean;
  orderUrl: string;
};

/** Sent when money goes back to the buyer: a refund by the shop or in the provider's dashboard, or a cancellation. */
export function RefundIssued(props: RefundIssuedProps) {
  const money = moneyFormatter(props.shop.money);
  const number = formatOrderNumber(props.orderNumber);
  const headline = props.cancelled ? `Your order ${number} was cancelled` : `A refund on your order ${number}`;
  return (
    <EmailLayout shop={props.shop} preview={`${money(props.amountCents)} refunded on your order ${number}`}>
      <Heading as="h1" style={mailStyles.heading}>
        {headline}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${props.buyerName},`}</Text>
      <Text style={mailStyles.text}>
        {`We refunded ${money(props.amountCents)} to the card you paid with. It can take 5 to 10 days to appear on your statement.`}
      </Text>
      <Text style={mailStyles.text}>{`Reason: ${props.reason}`}</Text>
      {props.refundedCents < props.totalCents ? (
        <Text style={mailStyles.text}>
          {`Refunded on this order so far: ${money(props.refundedCents)} of ${money(props.totalCents)}.`}
        </Text>
      ) : null}
      <MailButton href={props.orderUrl}>View your order</MailButton>
    </EmailLayout>
  );
}
