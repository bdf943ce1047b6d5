import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FieldAlert, FormAlert, SubmitButton, TextAreaField, TextField } from "~/components/form-fields";
import { pageMeta } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { quantityField } from "~/lib/refund-schema";
import { returnValidator } from "~/lib/return-schema";
import { lineName } from "~/lib/variants";
import { requestReturn, returnPlan } from "~/models/returns.server";
import { requireUser } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /order/:id/return: the shopper asks to send items of a delivered order back, with a reason.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Return Items", description: "Ask to return items of an order.", noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Someone else's order answers exactly as a missing one.
  const plan = await returnPlan(params.id ?? "", user);
  if (!plan) throw notFound("Order not found");
  return {
    order: { id: plan.order.id, orderNumber: plan.order.orderNumber },
    problem: plan.problem,
    deadline: plan.deadline,
    lines: plan.lines.map((line) => ({
      id: line.id,
      name: lineName(line.name, line.variantTitle),
      quantity: line.quantity,
      returnable: line.returnable,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const orderId = params.id ?? "";
  const saved = await saveValidatedForm(request, returnValidator, (input) => requestReturn(user, orderId, input));
  if (saved.response) return saved.response;
  return redirectWithSuccess(`/order/${encodeURIComponent(orderId)}`, "Return requested: we will write to you");
}

export default function ReturnItems() {
  const { order, problem, deadline, lines } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const number = formatOrderNumber(order.orderNumber);
  const open = lines.filter((line) => line.returnable > 0);
  return (
    <div className="col-xl-8 mx-auto">
      <h1 className="h3 mt-4">Return items of order {number}</h1>
      {problem || open.length === 0 ? (
        <p data-testid="return-refused">{problem ?? "Every item of this order is returned or refunded already."}</p>
      ) : (
        <>
          <p>
            You can ask until{" "}
            <time dateTime={new Date(deadline!).toISOString()}>{new Date(deadline!).toISOString().slice(0, 10)}</time>.
            Choose how many of each item to send back and tell us why; we write to you once we have looked at it.
          </p>
          <ValidatedForm validator={returnValidator} method="post" noValidate>
            <FormAlert message={refused?.formError} />
            <FieldAlert name="items" />
            {open.map((line) => (
              <TextField
                key={line.id}
                name={quantityField(line.id)}
                label={`How many of ${line.name} to return (up to ${line.returnable})`}
                type="number"
                min={0}
                max={line.returnable}
                inputMode="numeric"
                placeholder="0"
              />
            ))}
            <TextAreaField name="reason" label="Why are you returning them?" rows={3} maxLength={500} required />
            <SubmitButton className="btn btn-primary w-100">Ask to return</SubmitButton>
          </ValidatedForm>
        </>
      )}
      <p className="mt-3">
        <a href={`/order/${order.id}`}>Back to the order</a>
      </p>
    </div>
  );
}
