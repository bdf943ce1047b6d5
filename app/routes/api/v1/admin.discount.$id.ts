import { discountSchema } from "~/lib/discount-schema";
import { deleteDiscount, discountJson, updateDiscount, withUse } from "~/models/pricing";
import { changeRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, DOC_LOCALE, ruleChangeOperations } from "~/web/openapi/operations";
import { discountPayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/discount/:id (the whole discount, as on create; `paused` pauses it) and DELETE.
export const action = changeRuleAction(
  discountSchema,
  {
    update: async (id, input) => withUse(await updateDiscount(id, input)),
    remove: deleteDiscount,
    deleted: "Discount deleted",
  },
  (discount) => ({ discount: discountJson(discount) }),
);

export const openapi = describeRoute(
  ruleChangeOperations("discount", "a discount code or promotion", discountSchema(DOC_LOCALE), {
    discount: discountPayload,
  }),
);
