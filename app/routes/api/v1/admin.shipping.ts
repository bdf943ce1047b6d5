import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { pricingRules, taxRateJson, zoneJson } from "~/models/pricing";

// GET /api/v1/admin/shipping: every zone with its countries and methods, and every tax rate.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { zones, taxRates } = await pricingRules();
    return Response.json({ success: true, zones: zones.map(zoneJson), taxRates: taxRates.map(taxRateJson) });
  });
}
