import { discountSchema } from "~/lib/discount-schema";
import { createDiscount, discountJson, withoutUse } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, DOC_LOCALE, ruleCreateOperation } from "~/web/openapi/operations";
import { discountPayload } from "~/lib/api-payloads";

// POST /api/v1/admin/discount/new: { name, code?, kind, percent | amount, minSubtotal?, startsAt?, endsAt?, … }.
export const action = createRuleAction(discountSchema, createDiscount, (discount) => ({
  discount: discountJson(withoutUse(discount)),
}));

// Could add a promotion to the shared shop's prices: fuzzed as an admin on a shop of its own
// (tests/e2e/api/discounts-api.spec.ts).
export const openapi = describeRoute(
  ruleCreateOperation("discount", "a discount code or promotion", discountSchema(DOC_LOCALE), {
    discount: discountPayload,
  }),
  { admin: false },
);
