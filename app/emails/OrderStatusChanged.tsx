import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { formatOrderNumber } from "~/lib/order-number";
import { FULFILMENT } from "~/lib/order-states";
import type { Tracking } from "~/lib/shipment-tracking";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** The statuses a buyer hears about. */
export type NotifiedStatus = typeof FULFILMENT.shipped | typeof FULFILMENT.delivered;

export type OrderStatusChangedProps = {
  shop: ShopFrame;
  buyerName: string;
  orderNumber: number;
  status: NotifiedStatus;
  address: string;
  /** The parcel's carrier and number, in the "has shipped" mail when the shop gave them. */
  tracking?: Tracking | null;
  orderUrl: string;
};

/** What each status means to the buyer: the subject's and heading's words, and the address line's. */
export const STATUS_NEWS: Record<NotifiedStatus, { headline: string; detail: string }> = {
  [FULFILMENT.shipped]: { headline: "has shipped", detail: "It is on its way to" },
  [FULFILMENT.delivered]: { headline: "has been delivered", detail: "It was delivered to" },
};

/** Sent when the shop marks an order Shipped, then Delivered. */
export function OrderStatusChanged({
  shop,
  buyerName,
  orderNumber,
  status,
  address,
  tracking = null,
  orderUrl,
}: OrderStatusChangedProps) {
  const number = formatOrderNumber(orderNumber);
  const { headline, detail } = STATUS_NEWS[status];
  return (
    <EmailLayout shop={shop} preview={`Your order ${number} ${headline}`}>
      <Heading as="h1" style={mailStyles.heading}>
        {`Your order ${number} ${headline}`}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${buyerName},`}</Text>
      <Text style={mailStyles.text}>{`${detail}: ${address}.`}</Text>
      {tracking ? (
        <Text style={mailStyles.text}>
          {`Carrier: ${tracking.carrierName}. Tracking number: ${tracking.number}.`}
          {tracking.url ? (
            <>
              {" "}
              <Link href={tracking.url}>Track your parcel</Link>
            </>
          ) : null}
        </Text>
      ) : null}
      <MailButton href={orderUrl}>View your order</MailButton>
    </EmailLayout>
  );
}
