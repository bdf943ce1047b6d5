import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** What a back-in-stock request's confirmation says: plain data, kept in the mail outbox until it is sent. */
export type BackInStockConfirmNews = {
  /** The product's name, with the variant's title when one was asked for. */
  itemName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
};

/** To an address someone asked back-in-stock news for: nothing more is sent unless its owner confirms. */
export function BackInStockConfirm({ shop, news }: { shop: ShopFrame; news: BackInStockConfirmNews }) {
  return (
    <EmailLayout
      shop={shop}
      preview={`Confirm: a mail when ${news.itemName} is back`}
      unsubscribe={{ url: news.unsubscribeUrl, what: "back-in-stock mails" }}
    >
      <Heading as="h1" style={mailStyles.heading}>
        {`Tell you when ${news.itemName} is back?`}
      </Heading>
      <Text style={mailStyles.text}>
        {`Someone asked ${shop.shopName} to e-mail this address when ${news.itemName} is in stock again. To get that one mail, confirm:`}
      </Text>
      <MailButton href={news.confirmUrl}>Yes, tell me when it is back</MailButton>
      <Text style={mailStyles.text}>
        If it was not you, ignore this e-mail: without your confirmation we send nothing more about it.
      </Text>
    </EmailLayout>
  );
}
