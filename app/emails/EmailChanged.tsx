import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type EmailChangedProps = { shop: ShopFrame; newEmail: string; loginUrl: string };

/** To an account's old address when its e-mail is changed: what it is now, and what to do if it was not its owner. */
export function EmailChanged({ shop, newEmail, loginUrl }: EmailChangedProps) {
  return (
    <EmailLayout shop={shop} preview="The e-mail address of your account was changed">
      <Heading as="h1" style={mailStyles.heading}>
        Your e-mail address was changed
      </Heading>
      <Text style={mailStyles.text}>
        {`The account at ${shop.shopName} that used this e-mail address now uses ${newEmail}. Its other signed-in devices were logged out, and password reset links sent before no longer work.`}
      </Text>
      <Text style={mailStyles.text}>If it was you, there is nothing more to do.</Text>
      <Text style={mailStyles.text}>
        {`If it was not you, someone may know your password: log in with ${newEmail} if you can, change the e-mail back and change your password, or contact ${shop.shopName}.`}
      </Text>
      <Text style={mailStyles.text}>
        <Link href={loginUrl}>Log in</Link>
      </Text>
    </EmailLayout>
  );
}
