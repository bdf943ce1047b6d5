import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminList } from "~/components/AdminList";
import { EditDeleteLinks } from "~/components/EditDeleteLinks";
import { describeDiscount, discountStatus } from "~/lib/discounts";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { useMoney } from "~/lib/use-money";
import { listDiscounts, setDiscountPaused } from "~/models/pricing";
import { requireAdmin } from "~/web/auth.server";
import { orRedirectWithError } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";

// /admin/discounts: the shop's discount codes and automatic promotions, how often paid orders used
// each and how much it took off them; pause or resume one with a button (a plain form).

export const handle: AdminHandle = { title: "Discounts" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { discounts: await listDiscounts(), now: new Date().toISOString() };
}

const pauseSchema = z.object({ id: z.string().min(1).max(64), paused: z.enum(["true", "false"]) });

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = pauseSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithError("/admin/discounts", "Choose a discount to pause or resume");
  const paused = parsed.data.paused === "true";
  const discount = await orRedirectWithError("/admin/discounts", () => setDiscountPaused(parsed.data.id, paused));
  return redirectWithSuccess("/admin/discounts", `${discount.code ?? discount.name} ${paused ? "paused" : "resumed"}`);
}

export default function AdminDiscounts() {
  const { discounts, now } = useLoaderData<typeof loader>();
  const formatMoney = useMoney();
  return (
    <>
      <p className="text-muted">
        A code is typed by shoppers in the cart or at confirmation; a promotion without a code applies by itself to
        every cart it fits. Both come off the items before tax.
      </p>
      <AdminList
        newTo="/admin/discount/new"
        newLabel="New discount"
        isEmpty={discounts.length === 0}
        empty="No discounts yet."
        caption="Discount codes and promotions"
      >
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Name</th>
            <th scope="col">Gives</th>
            <th scope="col">Used</th>
            <th scope="col">Paid orders</th>
            <th scope="col">Discounted</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {discounts.map((discount) => {
            const status = discountStatus(
              {
                ...discount,
                startsAt: discount.startsAt ? new Date(discount.startsAt) : null,
                endsAt: discount.endsAt ? new Date(discount.endsAt) : null,
              },
              new Date(now),
            );
            const label = discount.code ?? discount.name;
            return (
              <tr key={discount.id} data-testid="discount-row">
                <td>{discount.code ? <code>{discount.code}</code> : <i>Automatic</i>}</td>
                <td className="text-break">{discount.name}</td>
                <td>{describeDiscount(discount, formatMoney)}</td>
                <td>
                  {discount.timesUsed}
                  {discount.usageLimit === null ? "" : ` of ${discount.usageLimit}`}
                </td>
                <td>{discount.paidOrders}</td>
                <td>{formatMoney(discount.discountedCents)}</td>
                <td>{status}</td>
                <td className="text-nowrap">
                  <Form method="post" className="d-inline">
                    <input type="hidden" name="id" value={discount.id} />
                    <input type="hidden" name="paused" value={discount.paused ? "false" : "true"} />
                    <button
                      type="submit"
                      className="btn btn-outline-secondary btn-sm me-2"
                      aria-label={`${discount.paused ? "Resume" : "Pause"} ${label}`}
                    >
                      {discount.paused ? "Resume" : "Pause"}
                    </button>
                  </Form>
                  <EditDeleteLinks
                    editTo={`/admin/discount/${discount.id}`}
                    deleteTo={`/admin/discount/${discount.id}/delete`}
                    name={label}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </AdminList>
    </>
  );
}
