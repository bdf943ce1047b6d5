import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";
import { config } from "~/config.server";
import { OrderConfirmation, type OrderConfirmationProps } from "~/emails/OrderConfirmation";
import { OrderStatusChanged, STATUS_NEWS, type NotifiedStatus } from "~/emails/OrderStatusChanged";
import { FinishRegistration } from "~/emails/FinishRegistration";
import { PasswordReset } from "~/emails/PasswordReset";
import { RegistrationAttempt } from "~/emails/RegistrationAttempt";
import { Welcome } from "~/emails/Welcome";
import { formatOrderNumber } from "~/lib/order-number";
import { FULFILMENT, type OrderStatusValue } from "~/lib/order-states";
import { addressLines, type OrderAddressColumns } from "~/lib/address";
import type { Mail } from "./email.server";
import type { OrderWithLines } from "./orders.server";

// Each message of the shop: its recipient, its subject and both parts rendered from its one
// template in app/emails (HTML for mail clients, text from the same HTML for everyone else).

const shop = () => ({ shopName: config.shopName, shopUrl: config.publicUrl });
const orderUrl = (orderId: string) => `${config.publicUrl}/order/${orderId}`;

// The text part: react-email's conversion (its toPlainText, with its own selectors), compiled once
// rather than for every mail. Headings keep their case (html-to-text would shout them in capitals).
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: "h1", options: { uppercase: false } }],
});

async function compose(to: string, subject: string, template: ReactElement): Promise<Mail> {
  // Rendered once: the text part is converted from the same HTML (render(template, { plainText:
  // true }) would render the template a second time to convert it).
  const html = await render(template);
  return { to, subject, html, text: toPlainText(html) };
}

export type Recipient = { name: string; email: string };

/** What an order's mails say of it: plain data, kept in the mail outbox until the mail is sent. */
export type MailOrder = OrderAddressColumns & OrderConfirmationProps["order"] & { id: string };

export function mailOrderOf(order: OrderWithLines): MailOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    lines: order.lines.map(({ name, quantity, priceCents }) => ({ name, quantity, priceCents })),
    itemsPriceCents: order.itemsPriceCents,
    shippingPriceCents: order.shippingPriceCents,
    taxPriceCents: order.taxPriceCents,
    totalPriceCents: order.totalPriceCents,
    shippingRecipientName: order.shippingRecipientName,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingState: order.shippingState,
    shippingPostalCode: order.shippingPostalCode,
    shippingCountry: order.shippingCountry,
  };
}

export function orderConfirmationMail(order: MailOrder, buyer: Recipient): Promise<Mail> {
  return compose(
    buyer.email,
    `${config.shopName}: your order ${formatOrderNumber(order.orderNumber)}`,
    <OrderConfirmation
      shop={shop()}
      buyerName={buyer.name}
      order={order}
      address={addressLines(order).join(", ")}
      orderUrl={orderUrl(order.id)}
      receiptUrl={`${orderUrl(order.id)}/receipt`}
    />,
  );
}

/** Whether the buyer hears about an order reaching this status. */
export const isNotifiedStatus = (status: OrderStatusValue): status is NotifiedStatus =>
  status === FULFILMENT.shipped || status === FULFILMENT.delivered;

export function orderStatusMail(order: MailOrder, buyer: Recipient, status: NotifiedStatus): Promise<Mail> {
  return compose(
    buyer.email,
    `${config.shopName}: your order ${formatOrderNumber(order.orderNumber)} ${STATUS_NEWS[status].headline}`,
    <OrderStatusChanged
      shop={shop()}
      buyerName={buyer.name}
      orderNumber={order.orderNumber}
      status={status}
      address={addressLines(order).join(", ")}
      orderUrl={orderUrl(order.id)}
    />,
  );
}

export function passwordResetMail(user: { email: string }, link: string, validMinutes: number): Promise<Mail> {
  return compose(
    user.email,
    `${config.shopName} password recovery`,
    <PasswordReset shop={shop()} link={link} validMinutes={validMinutes} />,
  );
}

export function welcomeMail(user: { email: string; googleSignIn: boolean }): Promise<Mail> {
  return compose(
    user.email,
    `Welcome to ${config.shopName}`,
    <Welcome shop={shop()} email={user.email} googleSignIn={user.googleSignIn} profileUrl={`${config.publicUrl}/me`} />,
  );
}

export function finishRegistrationMail(email: string, link: string, validHours: number): Promise<Mail> {
  return compose(
    email,
    `${config.shopName}: finish registering`,
    <FinishRegistration shop={shop()} link={link} validHours={validHours} />,
  );
}

export function registrationAttemptMail(email: string): Promise<Mail> {
  return compose(
    email,
    `${config.shopName}: someone tried to register with your address`,
    <RegistrationAttempt
      shop={shop()}
      loginUrl={`${config.publicUrl}/lgn`}
      resetUrl={`${config.publicUrl}/password/forgot`}
    />,
  );
}
