import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { countOf } from "~/lib/plural";
import { EmailLayout, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type FinishRegistrationProps = { shop: ShopFrame; link: string; validHours: number };

/** The single-use link that makes the account registered on the page. No text the registrant typed. */
export function FinishRegistration({ shop, link, validHours }: FinishRegistrationProps) {
  return (
    <EmailLayout shop={shop} preview="Finish registering">
      <Heading as="h1" style={mailStyles.heading}>
        Finish registering
      </Heading>
      <Text
        style={mailStyles.text}
      >{`Someone asked for an account at ${shop.shopName} with this e-mail address. To make it, open this link:`}</Text>
      <Text style={mailStyles.text}>
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={mailStyles.text}>
        {`It works once, for ${countOf(validHours, "hour")}. If it was not you, ignore this e-mail: no account is made without it.`}
      </Text>
    </EmailLayout>
  );
}
