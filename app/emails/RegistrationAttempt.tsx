import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type RegistrationAttemptProps = { shop: ShopFrame; loginUrl: string; resetUrl: string };

/** To the owner of an account when someone registers with its address again: nothing changed. */
export function RegistrationAttempt({ shop, loginUrl, resetUrl }: RegistrationAttemptProps) {
  return (
    <EmailLayout shop={shop} preview="Someone tried to register with your address">
      <Heading as="h1" style={mailStyles.heading}>
        You already have an account
      </Heading>
      <Text style={mailStyles.text}>
        {`Someone tried to register at ${shop.shopName} with this e-mail address, which already has an account. Nothing was changed.`}
      </Text>
      <Text style={mailStyles.text}>If it was you, log in, or reset your password if you forgot it:</Text>
      <MailButton href={loginUrl}>Log in</MailButton>
      <Text style={mailStyles.text}>
        <Link href={resetUrl}>Reset your password</Link>
      </Text>
      <Text style={mailStyles.text}>If it was not you, you can ignore this e-mail.</Text>
    </EmailLayout>
  );
}
