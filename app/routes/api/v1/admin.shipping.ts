import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { pricingRules, taxRateJson, zoneJson } from "~/models/pricing";
import { adminOperation, describeRoute, ok } from "~/web/openapi/operations";
import { taxRatePayload, zonePayload } from "~/lib/api-payloads";
import { z } from "zod";

// GET /api/v1/admin/shipping: every zone with its countries and methods, and every tax rate.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { zones, taxRates } = await pricingRules();
    return Response.json({ success: true, zones: zones.map(zoneJson), taxRates: taxRates.map(taxRateJson) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/shipping",
    method: "get",
    summary: "Every shipping zone with its countries and methods, and every tax rate",
    ok: {
      status: 200,
      description: "The shop's rules",
      schema: ok({ zones: z.array(zonePayload), taxRates: z.array(taxRatePayload) }),
    },
  }),
);
