import { taxRateSchema } from "~/lib/shipping-rules";
import { createTaxRate, taxRateJson } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";

// POST /api/v1/admin/tax-rate/new: { country, region?, name, rate }.
export const action = createRuleAction(taxRateSchema, createTaxRate, (rate) => ({ taxRate: taxRateJson(rate) }));
