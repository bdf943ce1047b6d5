import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { orderLookupValidator } from "~/lib/order-lookup-schema";
import { pageMeta } from "~/lib/meta";
import { lookUpGuestOrder } from "~/models/orders";
import { publicErrorToForm } from "~/web/errors.server";
import { formFailure } from "~/web/form-response.server";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Look up an order",
    description: "Find an order you placed as a guest by its number and your e-mail.",
    noindex: true,
  });

// GET /order/lookup: a guest's way back to an order without the mail's link. A match leads to the
// order's page by its link; anything else gets one answer (lookUpGuestOrder).
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const typed = { orderNumber: String(form.get("orderNumber") ?? ""), email: String(form.get("email") ?? "") };
  const result = await orderLookupValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, typed);
  try {
    const found = await lookUpGuestOrder(result.data, context.clientIp);
    return redirect(found.page, 303);
  } catch (error) {
    return publicErrorToForm(error, typed);
  }
}

export default function OrderLookup() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Look up an order">
      <p className="text-muted">
        Bought as a guest? Enter the order number from your receipt and the e-mail you gave at checkout.
      </p>
      <FormAlert message={actionData?.formError} />
      <ValidatedForm validator={orderLookupValidator} method="post" noValidate>
        <TextField name="orderNumber" label="Order number" placeholder="#1001" autoComplete="off" required />
        <TextField name="email" label="Email" type="email" autoComplete="email" required />
        <SubmitButton>Find my order</SubmitButton>
      </ValidatedForm>
      <p className="mt-3 mb-0 small">
        Have an account? <Link to="/orders/me">Your orders</Link> are listed there once you log in.
      </p>
    </AuthCard>
  );
}
