import { discountSchema } from "~/lib/discount-schema";
import { deleteDiscount, discountJson, updateDiscount, withUse } from "~/models/pricing";
import { changeRuleAction } from "~/web/admin-rule-api.server";

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
