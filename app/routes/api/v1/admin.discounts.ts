import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { discountJson, listDiscounts } from "~/models/pricing";
import { adminOperation, describeRoute, listOf } from "~/web/openapi/operations";
import { discountPayload } from "~/lib/api-payloads";

// GET /api/v1/admin/discounts: every discount code and promotion, with its uses and amount discounted.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, discounts: (await listDiscounts()).map(discountJson) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/discounts",
    method: "get",
    summary: "Every discount code and automatic promotion, with its uses and the amount it discounted",
    ok: listOf("discounts", discountPayload, "The discounts"),
  }),
);
