import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** What a back-in-stock mail says: plain data, kept in the mail outbox until it is sent. */
export type BackInStockNews = {
  /** The product's name, with the variant's title when one was asked for. */
  itemName: string;
  productUrl: string;
  unsubscribeUrl: string;
};

/** To a shopper who asked: the sold-out product (or variant) is in stock again. */
export function BackInStock({ shop, news }: { shop: ShopFrame; news: BackInStockNews }) {
  return (
    <EmailLayout
      shop={shop}
      preview={`${news.itemName} is back in stock`}
      unsubscribe={{ url: news.unsubscribeUrl, what: "back-in-stock mails" }}
    >
      <Heading as="h1" style={mailStyles.heading}>
        {`${news.itemName} is back in stock`}
      </Heading>
      <Text style={mailStyles.text}>
        {`You asked us to tell you when ${news.itemName} was back. It is in stock now, while it lasts.`}
      </Text>
      <MailButton href={news.productUrl}>See it in the shop</MailButton>
      <Text style={mailStyles.text}>This is the only mail we send you about it.</Text>
    </EmailLayout>
  );
}
