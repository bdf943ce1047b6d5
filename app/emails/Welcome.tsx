import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type WelcomeProps = { shop: ShopFrame; email: string; googleSignIn: boolean; profileUrl: string };

/**
 * Sent once, when an account is created (with a password or by a first Google sign-in). It carries
 * no text the registrant chose (such as the name): the API registers any address without asking
 * its owner, and nobody may use the shop to mail their own words to others.
 */
export function Welcome({ shop, email, googleSignIn, profileUrl }: WelcomeProps) {
  return (
    <EmailLayout shop={shop} preview={`Welcome to ${shop.shopName}`}>
      <Heading as="h1" style={mailStyles.heading}>
        {`Welcome to ${shop.shopName}!`}
      </Heading>
      <Text style={mailStyles.text}>
        {`Your account ${email} is ready. `}
        {googleSignIn ? "Sign in with Google whenever you come back." : "Sign in with this e-mail and your password."}
      </Text>
      <MailButton href={shop.shopUrl}>Start shopping</MailButton>
      <Text style={mailStyles.text}>
        <Link href={profileUrl}>Your profile</Link>
      </Text>
    </EmailLayout>
  );
}
