import { taxRateSchema } from "~/lib/shipping-rules";
import { createTaxRate, taxRateJson } from "~/models/shipping-rules.server";
import { createRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, ruleCreateOperation } from "~/web/openapi/operations";
import { taxRatePayload } from "~/lib/api-payloads";

// POST /api/v1/admin/tax-rate/new: { country, region?, name, rate }.
export const action = createRuleAction(taxRateSchema, createTaxRate, (rate) => ({ taxRate: taxRateJson(rate) }));

export const openapi = describeRoute(
  ruleCreateOperation("tax-rate", "a tax rate", taxRateSchema, { taxRate: taxRatePayload }),
  { admin: false },
);
