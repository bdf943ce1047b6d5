import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** What a cart reminder says: plain data, kept in the mail outbox until it is sent. */
export type CartReminderNews = {
  /** The shopper's name; empty for a guest who gave none. */
  name: string;
  lines: { name: string; quantity: number }[];
  cartUrl: string;
  unsubscribeUrl: string;
};

/** To a shopper who asked for it: the cart they left, once. */
export function CartReminder({ shop, news }: { shop: ShopFrame; news: CartReminderNews }) {
  return (
    <EmailLayout
      shop={shop}
      preview="You left something in your cart"
      unsubscribe={{ url: news.unsubscribeUrl, what: "reminders of a cart you leave" }}
    >
      <Heading as="h1" style={mailStyles.heading}>
        You left something in your cart
      </Heading>
      <Text style={mailStyles.text}>{news.name ? `Hello ${news.name},` : "Hello,"}</Text>
      <Text style={mailStyles.text}>Your cart is waiting for you:</Text>
      <ul>
        {news.lines.map((line, i) => (
          <li key={i} style={mailStyles.text}>
            {`${line.quantity} × ${line.name}`}
          </li>
        ))}
      </ul>
      <MailButton href={news.cartUrl}>Go to your cart</MailButton>
      <Text style={mailStyles.text}>
        Prices and stock are those of the shop when you come back. We remind you once.
      </Text>
    </EmailLayout>
  );
}
