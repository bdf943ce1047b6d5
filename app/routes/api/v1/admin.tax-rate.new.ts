import { taxRateSchema } from "~/lib/shipping-rules";
import { createTaxRate, taxRateJson } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, ruleCreateOperation } from "~/web/openapi/operations";
import { taxRatePayload } from "~/lib/api-payloads";

// POST /api/v1/admin/tax-rate/new: { country, region?, name, rate }.
export const action = createRuleAction(taxRateSchema, createTaxRate, (rate) => ({ taxRate: taxRateJson(rate) }));

// Adds to the shared shop's rules: fuzzed as an admin on a shop of its own (tests/e2e/api/shipping-api.spec.ts).
export const openapi = describeRoute(
  ruleCreateOperation("tax-rate", "a tax rate", taxRateSchema, { taxRate: taxRatePayload }),
  { admin: false },
);
