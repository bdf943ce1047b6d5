import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { countOf } from "~/lib/plural";
import { EmailLayout, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type ConfirmEmailProps = { shop: ShopFrame; link: string; validHours: number };

/** The single-use link that proves an account's (new) address is its owner's. No text the account's owner typed. */
export function ConfirmEmail({ shop, link, validHours }: ConfirmEmailProps) {
  return (
    <EmailLayout shop={shop} preview="Confirm your e-mail address">
      <Heading as="h1" style={mailStyles.heading}>
        Confirm your e-mail address
      </Heading>
      <Text
        style={mailStyles.text}
      >{`An account at ${shop.shopName} now uses this e-mail address. To confirm it is yours, open this link:`}</Text>
      <Text style={mailStyles.text}>
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={mailStyles.text}>
        {`It works once, for ${countOf(validHours, "hour")}. If it was not you, ignore this e-mail: the address stays unconfirmed.`}
      </Text>
    </EmailLayout>
  );
}
