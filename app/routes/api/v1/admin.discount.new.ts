import { discountSchema } from "~/lib/discount-schema";
import { createDiscount, discountJson, withoutUse } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";

// POST /api/v1/admin/discount/new: { name, code?, kind, percent | amount, minSubtotal?, startsAt?, endsAt?, … }.
export const action = createRuleAction(discountSchema, createDiscount, (discount) => ({
  discount: discountJson(withoutUse(discount)),
}));
