import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ShopDate } from "~/components/ShopDate";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FieldAlert, FormAlert, SubmitButton, TextAreaField, TextField } from "~/components/form-fields";
import { pageMeta } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { quantityField } from "~/lib/refund-schema";
import { returnValidator } from "~/lib/return-schema";
import { lineName } from "~/lib/variants";
import { requestReturn, returnPlan, type OrderViewer } from "~/models/after-sales";
import { requireUser } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /order/:id/return: the shopper asks to send items of a delivered order back, with a reason.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Return Items", description: "Ask to return items of an order.", noindex: true });

/** The signed-in shopper, or (a guest's order) the key of the order's link the page was opened by. */
async function viewerOf(request: Request): Promise<{ viewer: OrderViewer; query: string }> {
  const key = new URL(request.url).searchParams.get("key");
  if (key !== null) return { viewer: { orderKey: key }, query: `?key=${encodeURIComponent(key)}` };
  return { viewer: await requireUser(request), query: "" };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, query } = await viewerOf(request);
  // Someone else's order (or a wrong key) answers exactly as a missing one.
  const plan = await returnPlan(params.id ?? "", viewer);
  if (!plan) throw notFound("Order not found");
  return {
    orderPage: `/order/${plan.order.id}${query}`,
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
  const { viewer, query } = await viewerOf(request);
  const orderId = params.id ?? "";
  const saved = await saveValidatedForm(request, returnValidator, (input) => requestReturn(viewer, orderId, input));
  if (saved.response) return saved.response;
  return redirectWithSuccess(`/order/${encodeURIComponent(orderId)}${query}`, "Return requested: we will write to you");
}

export default function ReturnItems() {
  const { order, orderPage, problem, deadline, lines } = useLoaderData<typeof loader>();
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
            You can ask until <ShopDate at={deadline!} time />. Choose how many of each item to send back and tell us
            why; we write to you once we have looked at it.
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
        <a href={orderPage}>Back to the order</a>
      </p>
    </div>
  );
}
