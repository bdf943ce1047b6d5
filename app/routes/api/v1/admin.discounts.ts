import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { discountJson, listDiscounts } from "~/models/pricing";

// GET /api/v1/admin/discounts: every discount code and promotion, with its uses and amount discounted.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, discounts: (await listDiscounts()).map(discountJson) });
  });
}
