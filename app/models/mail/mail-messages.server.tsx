import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";
import { config } from "~/config.server";
import { OrderConfirmation, type OrderConfirmationProps } from "~/emails/OrderConfirmation";
import { OrderStatusChanged, STATUS_NEWS, type NotifiedStatus } from "~/emails/OrderStatusChanged";
import { FinishRegistration } from "~/emails/FinishRegistration";
import { PasswordReset } from "~/emails/PasswordReset";
import { RegistrationAttempt } from "~/emails/RegistrationAttempt";
import { ConfirmEmail } from "~/emails/ConfirmEmail";
import { EmailChanged } from "~/emails/EmailChanged";
import { Welcome } from "~/emails/Welcome";
import { NewOrder } from "~/emails/NewOrder";
import { DailySummary, summaryDay } from "~/emails/DailySummary";
import { dateFormatOf } from "~/lib/dates";
import { RefundIssued, type RefundIssuedProps } from "~/emails/RefundIssued";
import { RETURN_NEWS, ReturnUpdate, type ReturnNews } from "~/emails/ReturnUpdate";
import { BackInStock, type BackInStockNews } from "~/emails/BackInStock";
import { BackInStockConfirm, type BackInStockConfirmNews } from "~/emails/BackInStockConfirm";
import { LowStock, type LowStockNews } from "~/emails/LowStock";
import { CartReminder, type CartReminderNews } from "~/emails/CartReminder";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import type { DaySummary } from "~/emails/DailySummary";
import { formatOrderNumber } from "~/lib/order-number";
import { FULFILMENT, type OrderStatusValue } from "~/lib/order-states";
import { addressLines, type OrderAddressColumns } from "~/lib/address";
import { trackingOf } from "~/lib/shipment-tracking";
import type { ShopFrame } from "~/emails/Layout";
import type { Mail } from "./email.server";
import { getShopSettings } from "~/models/settings";
import type { OrderWithLines } from "~/models/types";

// Each message of the shop: its recipient, its subject and both parts rendered from its one
// template in app/emails (HTML for mail clients, text from the same HTML for everyone else).

/**
 * The shop as its mails show it: its name and way with dates from the owner's settings when the mail
 * is written, and money in the currency of the order the mail is about (kept with it), else in the shop's.
 */
async function shop(about?: OrderMoney): Promise<ShopFrame> {
  const settings = await getShopSettings();
  return {
    shopName: settings.name,
    shopUrl: config.publicUrl,
    money:
      about?.currency && about.locale
        ? moneyFormatOf({ currency: about.currency, locale: about.locale })
        : { currency: settings.currency, locale: settings.locale },
    dates: dateFormatOf(settings),
  };
}
/** The currency and locale an order was paid in; absent from mails queued before orders kept them. */
type OrderMoney = { currency?: string; locale?: string };
/** An order's page (or a page beside it), with the key of its link for a guest, who has no account to sign in to. */
const orderUrl = (orderId: string, buyer: Recipient, beside = "") =>
  `${config.publicUrl}/order/${orderId}${beside}${buyer.orderKey ? `?key=${buyer.orderKey}` : ""}`;

// The text part: react-email's conversion (its toPlainText, with its own selectors), compiled once
// rather than for every mail. Headings keep their case (html-to-text would shout them in capitals).
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: "h1", options: { uppercase: false } }],
});

async function compose(
  to: string,
  subject: string,
  template: ReactElement,
  headers?: Record<string, string>,
): Promise<Mail> {
  // Rendered once: the text part is converted from the same HTML (render(template, { plainText:
  // true }) would render the template a second time to convert it).
  const html = await render(template);
  return { to, subject, html, text: toPlainText(html), ...(headers ? { headers } : {}) };
}

/**
 * Lets mail programs offer their own unsubscribe button, for the mails a shopper asked for (RFC 2369);
 * one click POSTs to the link (RFC 8058), which the unsubscribe page's action takes as its button.
 */
const listUnsubscribe = (url: string) => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export type Recipient = { name: string; email: string; orderKey?: string };

/** What an order's mails say of it: plain data, kept in the mail outbox until the mail is sent. */
export type MailOrder = OrderAddressColumns &
  OrderConfirmationProps["order"] &
  OrderMoney & {
    id: string;
    // Absent from mails queued before tracking numbers existed.
    shippingCarrier?: string | null;
    trackingNumber?: string | null;
  };

export function mailOrderOf(order: OrderWithLines): MailOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    lines: order.lines.map(({ name, variantTitle, quantity, priceCents }) => ({
      name,
      variantTitle,
      quantity,
      priceCents,
    })),
    itemsPriceCents: order.itemsPriceCents,
    shippingPriceCents: order.shippingPriceCents,
    taxPriceCents: order.taxPriceCents,
    totalPriceCents: order.totalPriceCents,
    shippingMethod: order.shippingMethod,
    taxName: order.taxName,
    taxRateBp: order.taxRateBp,
    taxIncluded: order.taxIncluded,
    taxOnShipping: order.taxOnShipping,
    discounts: order.discounts,
    shippingRecipientName: order.shippingRecipientName,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingState: order.shippingState,
    shippingPostalCode: order.shippingPostalCode,
    shippingCountry: order.shippingCountry,
    shippingCarrier: order.shippingCarrier,
    trackingNumber: order.trackingNumber,
    currency: order.currency,
    locale: order.locale,
  };
}

export async function orderConfirmationMail(order: MailOrder, buyer: Recipient): Promise<Mail> {
  const frame = await shop(order);
  return compose(
    buyer.email,
    `${frame.shopName}: your order ${formatOrderNumber(order.orderNumber)}`,
    <OrderConfirmation
      shop={frame}
      buyerName={buyer.name}
      order={order}
      address={addressLines(order).join(", ")}
      orderUrl={orderUrl(order.id, buyer)}
      receiptUrl={orderUrl(order.id, buyer, "/receipt")}
    />,
  );
}

/** Whether the buyer hears about an order reaching this status. */
export const isNotifiedStatus = (status: OrderStatusValue): status is NotifiedStatus =>
  status === FULFILMENT.shipped || status === FULFILMENT.delivered;

export async function orderStatusMail(order: MailOrder, buyer: Recipient, status: NotifiedStatus): Promise<Mail> {
  const frame = await shop(order);
  return compose(
    buyer.email,
    `${frame.shopName}: your order ${formatOrderNumber(order.orderNumber)} ${STATUS_NEWS[status].headline}`,
    <OrderStatusChanged
      shop={frame}
      buyerName={buyer.name}
      orderNumber={order.orderNumber}
      status={status}
      address={addressLines(order).join(", ")}
      tracking={
        status === FULFILMENT.shipped ? trackingOf(order.shippingCarrier ?? null, order.trackingNumber ?? null) : null
      }
      orderUrl={orderUrl(order.id, buyer)}
    />,
  );
}

export async function passwordResetMail(user: { email: string }, link: string, validMinutes: number): Promise<Mail> {
  const frame = await shop();
  return compose(
    user.email,
    `${frame.shopName} password recovery`,
    <PasswordReset shop={frame} link={link} validMinutes={validMinutes} />,
  );
}

export async function newOrderMail(
  order: MailOrder,
  buyer: { name: string; email: string | null },
  to: string,
): Promise<Mail> {
  const frame = await shop(order);
  return compose(
    to,
    `${frame.shopName}: new order ${formatOrderNumber(order.orderNumber)}, ${moneyFormatter(frame.money)(order.totalPriceCents)}`,
    <NewOrder
      shop={frame}
      order={order}
      buyer={buyer}
      address={addressLines(order).join(", ")}
      adminUrl={`${config.publicUrl}/admin/order/${order.id}`}
    />,
  );
}

export async function dailySummaryMail(summary: DaySummary, to: string): Promise<Mail> {
  const frame = await shop();
  return compose(
    to,
    `${frame.shopName}: your day, ${summaryDay(frame, summary)}`,
    <DailySummary
      shop={frame}
      summary={summary}
      dashboardUrl={`${config.publicUrl}/dashboard`}
      orderUrl={(id) => `${config.publicUrl}/admin/order/${id}`}
    />,
  );
}

export async function welcomeMail(user: { email: string; googleSignIn: boolean }): Promise<Mail> {
  const frame = await shop();
  return compose(
    user.email,
    `Welcome to ${frame.shopName}`,
    <Welcome shop={frame} email={user.email} googleSignIn={user.googleSignIn} profileUrl={`${config.publicUrl}/me`} />,
  );
}

export async function finishRegistrationMail(email: string, link: string, validHours: number): Promise<Mail> {
  const frame = await shop();
  return compose(
    email,
    `${frame.shopName}: finish registering`,
    <FinishRegistration shop={frame} link={link} validHours={validHours} />,
  );
}

export async function registrationAttemptMail(email: string): Promise<Mail> {
  const frame = await shop();
  return compose(
    email,
    `${frame.shopName}: someone tried to register with your address`,
    <RegistrationAttempt
      shop={frame}
      loginUrl={`${config.publicUrl}/lgn`}
      resetUrl={`${config.publicUrl}/password/forgot`}
    />,
  );
}

export async function confirmEmailMail(email: string, link: string, validHours: number): Promise<Mail> {
  const frame = await shop();
  return compose(
    email,
    `${frame.shopName}: confirm your e-mail address`,
    <ConfirmEmail shop={frame} link={link} validHours={validHours} />,
  );
}

export async function emailChangedMail(oldEmail: string, newEmail: string): Promise<Mail> {
  const frame = await shop();
  return compose(
    oldEmail,
    `${frame.shopName}: your e-mail address was changed`,
    <EmailChanged shop={frame} newEmail={newEmail} loginUrl={`${config.publicUrl}/lgn`} />,
  );
}

/** What a refund's mail says: plain data, kept in the mail outbox until it is sent. */
export type RefundNews = Omit<RefundIssuedProps, "shop" | "buyerName" | "orderUrl"> & { orderId: string } & OrderMoney;

export async function refundMail(refund: RefundNews, buyer: Recipient): Promise<Mail> {
  const frame = await shop(refund);
  const { orderId, currency: _currency, locale: _locale, ...news } = refund;
  const subject = refund.cancelled
    ? `${frame.shopName}: your order ${formatOrderNumber(refund.orderNumber)} was cancelled`
    : `${frame.shopName}: a refund on your order ${formatOrderNumber(refund.orderNumber)}`;
  return compose(
    buyer.email,
    subject,
    <RefundIssued shop={frame} buyerName={buyer.name} orderUrl={orderUrl(orderId, buyer)} {...news} />,
  );
}

export async function returnMail(news: ReturnNews, buyer: Recipient): Promise<Mail> {
  const frame = await shop();
  return compose(
    buyer.email,
    `${frame.shopName}: order ${formatOrderNumber(news.orderNumber)}, ${RETURN_NEWS[news.status].headline}`,
    <ReturnUpdate shop={frame} buyerName={buyer.name} news={news} orderUrl={orderUrl(news.orderId, buyer)} />,
  );
}

export async function backInStockMail(news: BackInStockNews, to: string): Promise<Mail> {
  const frame = await shop();
  return compose(
    to,
    `${frame.shopName}: ${news.itemName} is back in stock`,
    <BackInStock shop={frame} news={news} />,
    listUnsubscribe(news.unsubscribeUrl),
  );
}

export async function backInStockConfirmMail(news: BackInStockConfirmNews, to: string): Promise<Mail> {
  const frame = await shop();
  return compose(
    to,
    `${frame.shopName}: confirm a mail when ${news.itemName} is back`,
    <BackInStockConfirm shop={frame} news={news} />,
    listUnsubscribe(news.unsubscribeUrl),
  );
}

export async function lowStockMail(news: LowStockNews, to: string): Promise<Mail> {
  const frame = await shop();
  const subject =
    news.products.length === 1
      ? `${frame.shopName}: ${news.products[0].name} is running low`
      : `${frame.shopName}: ${news.products.length} products are running low`;
  return compose(
    to,
    subject,
    <LowStock
      shop={frame}
      news={news}
      productUrl={(id) => `${config.publicUrl}/admin/product/${id}`}
      productsUrl={`${config.publicUrl}/admin/products`}
    />,
  );
}

export async function cartReminderMail(news: CartReminderNews, to: string): Promise<Mail> {
  const frame = await shop();
  return compose(
    to,
    `${frame.shopName}: you left something in your cart`,
    <CartReminder shop={frame} news={news} />,
    listUnsubscribe(news.unsubscribeUrl),
  );
}
