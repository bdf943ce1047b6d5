import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { pageMeta } from "~/lib/meta";
import { STOCK_ALERT_LINK_INVALID } from "~/lib/stock-alert-schema";
import { confirmStockAlert, stockAlertOfToken } from "~/models/stock-alerts.server";
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
    <AuthCard title="Back in stock">
      {done ? (
        <>
          <p role="status" data-testid="stock-alert-confirmed">
            {`Confirmed: we will e-mail ${email} once, when ${itemName} is back in stock.`}
          </p>
          <Link to="/" className="btn btn-warning w-100">
            Back to the shop
          </Link>
        </>
      ) : (
        <Form method="post">
          <p>{`E-mail ${email} once, when ${itemName} is back in stock?`}</p>
          <button type="submit" className="btn btn-warning w-100">
            Yes, tell me
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
