import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailLinkCard } from "~/components/MailLinkCard";
import { pageMeta } from "~/lib/meta";
import { STOCK_ALERT_LINK_INVALID } from "~/lib/stock-alert-schema";
import { confirmStockAlert, stockAlertOfToken } from "~/models/inventory";
import { errorPage } from "~/web/errors.server";

// The link of the mail that asks an address to confirm a back-in-stock request (double opt-in). No
// sign-in: the token names the request, signed by the shop. Opening it changes nothing (mail
// scanners open links): the button's POST confirms.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Confirm", description: "Confirm a back-in-stock mail.", noindex: true });

export async function loader({ params }: LoaderFunctionArgs) {
  const alert = await stockAlertOfToken(params.token);
  if (!alert) throw errorPage(404, STOCK_ALERT_LINK_INVALID);
  return { email: alert.email, itemName: alert.itemName };
}

export async function action({ params }: ActionFunctionArgs) {
  const confirmed = await confirmStockAlert(params.token ?? "");
  if (!confirmed) throw errorPage(404, STOCK_ALERT_LINK_INVALID);
  return { done: true as const };
}

export default function ConfirmStockAlert() {
  const { email, itemName } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  return (
    <MailLinkCard
      title="Back in stock"
      question={`E-mail ${email} once, when ${itemName} is back in stock?`}
      button="Yes, tell me"
      done={done ? `Confirmed: we will e-mail ${email} once, when ${itemName} is back in stock.` : null}
      doneTestId="stock-alert-confirmed"
    />
  );
}
