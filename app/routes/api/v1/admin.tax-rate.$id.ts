import { taxRateSchema } from "~/lib/shipping-rules";
import { deleteTaxRate, taxRateJson, updateTaxRate } from "~/models/pricing";
import { changeRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, ruleChangeOperations } from "~/web/openapi/operations";
import { taxRatePayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/tax-rate/:id (the whole rate, as on create) and DELETE.
export const action = changeRuleAction(
  taxRateSchema,
  { update: updateTaxRate, remove: deleteTaxRate, deleted: "Tax rate deleted" },
  (rate) => ({ taxRate: taxRateJson(rate) }),
);

export const openapi = describeRoute(
  ruleChangeOperations("tax-rate", "a tax rate", taxRateSchema, { taxRate: taxRatePayload }),
);
