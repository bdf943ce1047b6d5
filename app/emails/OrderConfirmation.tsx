import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { OrderTable, type MailedOrder } from "./OrderTable";
import { mailStyles } from "./styles";

export type OrderConfirmationProps = {
  shop: ShopFrame;
  buyerName: string;
  order: MailedOrder;
  address: string;
  orderUrl: string;
  receiptUrl: string;
};

/** Sent once an order is paid: what was bought, what it cost, where it goes. */
export function OrderConfirmation({ shop, buyerName, order, address, orderUrl, receiptUrl }: OrderConfirmationProps) {
  const number = formatOrderNumber(order.orderNumber);
  const formatMoney = moneyFormatter(shop.money);
  return (
    <EmailLayout shop={shop} preview={`Your order ${number}: ${formatMoney(order.totalPriceCents)} paid`}>
      <Heading as="h1" style={mailStyles.heading}>
        {`Order ${number}`}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${buyerName},`}</Text>
      <Text style={mailStyles.text}>{`Thank you for your order ${number}. We have received your payment.`}</Text>
      <OrderTable order={order} formatMoney={formatMoney} />
      <Text style={mailStyles.text}>
        <b>Shipping to:</b> {address}
      </Text>
      <MailButton href={orderUrl}>Follow your order</MailButton>
      <Text style={mailStyles.text}>
        <Link href={receiptUrl}>Your receipt</Link>
      </Text>
    </EmailLayout>
  );
}
