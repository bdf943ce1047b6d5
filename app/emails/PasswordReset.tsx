import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { countOf } from "~/lib/plural";
import { EmailLayout, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

export type PasswordResetProps = { shop: ShopFrame; link: string; validMinutes: number };

/**
 * The single-use link to choose a new password. Anyone can ask for it for any address, so it names
 * no name: an account made through the API (with no mail confirmed) may carry a name its owner never chose.
 */
export function PasswordReset({ shop, link, validMinutes }: PasswordResetProps) {
  return (
    <EmailLayout shop={shop} preview="Your password reset link">
      <Heading as="h1" style={mailStyles.heading}>
        Password recovery
      </Heading>
      <Text style={mailStyles.text}>Hello,</Text>
      <Text style={mailStyles.text}>Your password reset link is:</Text>
      <Text style={mailStyles.text}>
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={mailStyles.text}>
        {`It works once, for ${countOf(validMinutes, "minute")}. If you did not ask for it, ignore this e-mail.`}
      </Text>
    </EmailLayout>
  );
}
