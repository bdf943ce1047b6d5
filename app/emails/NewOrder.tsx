import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { OrderTable, type MailedOrder } from "./OrderTable";
import { mailStyles } from "./styles";

export type NewOrderProps = {
  shop: ShopFrame;
  order: MailedOrder;
  buyer: { name: string; email: string | null };
  address: string;
  adminUrl: string;
};

/** To the owner, once an order is paid: who bought what, for how much, where it goes. */
export function NewOrder({ shop, order, buyer, address, adminUrl }: NewOrderProps) {
  const number = formatOrderNumber(order.orderNumber);
  const formatMoney = moneyFormatter(shop.money);
  const paid = formatMoney(order.totalPriceCents);
  return (
    <EmailLayout shop={shop} preview={`New order ${number}: ${paid} from ${buyer.name}`}>
      <Heading as="h1" style={mailStyles.heading}>
        {`New order ${number}`}
      </Heading>
      <Text style={mailStyles.text}>{`${buyer.name}${buyer.email ? ` (${buyer.email})` : ""} paid ${paid}.`}</Text>
      <OrderTable order={order} formatMoney={formatMoney} />
      <Text style={mailStyles.text}>
        <b>Shipping to:</b> {address}
      </Text>
      <MailButton href={adminUrl}>Process the order</MailButton>
    </EmailLayout>
  );
}
