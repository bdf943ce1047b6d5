import type { DateFormat } from "~/lib/dates";
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import type { MoneyFormat } from "~/lib/shop-settings";
import { mailStyles } from "./styles";

/** What every mail knows about the shop: its name (header and footer), its address and how it writes money. */
/** `dates`: how the shop writes dates (its time zone and locale); absent, UTC the American way. */
export type ShopFrame = { shopName: string; shopUrl: string; money: MoneyFormat; dates?: DateFormat };

/**
 * The frame of every mail: the shop's name on top, the message, a footer naming the shop (and, on a
 * mail the shopper asked for, the link that stops that kind of mail).
 */
export function EmailLayout({
  shop,
  preview,
  children,
  unsubscribe,
}: {
  shop: ShopFrame;
  preview: string;
  children: ReactNode;
  unsubscribe?: { url: string; what: string };
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={mailStyles.body}>
        <Container style={mailStyles.container}>
          <Text style={mailStyles.brand}>{shop.shopName}</Text>
          {children}
          <Hr style={mailStyles.hr} />
          <Text style={mailStyles.footer}>
            {`Sent by ${shop.shopName} · `}
            <Link href={shop.shopUrl}>{`Visit ${shop.shopName}`}</Link>
          </Text>
          {unsubscribe ? (
            <Text style={mailStyles.footer}>
              {`You get this mail because you asked for ${unsubscribe.what}. `}
              <Link href={unsubscribe.url}>Unsubscribe</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** The mail's call to action: a link drawn as a button, in a paragraph of its own. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={mailStyles.text}>
      <Link href={href} style={mailStyles.button}>
        {children}
      </Link>
    </Text>
  );
}
