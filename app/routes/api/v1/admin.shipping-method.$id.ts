import { methodSchema } from "~/lib/shipping-rules";
import { deleteMethod, methodJson, updateMethod } from "~/models/pricing";
import { changeRuleAction } from "~/web/admin-rule-api.server";

// PUT /api/v1/admin/shipping-method/:id (the whole method, as on create) and DELETE.
export const action = changeRuleAction(
  methodSchema,
  { update: updateMethod, remove: deleteMethod, deleted: "Shipping method deleted" },
  (method) => ({ method: methodJson(method) }),
);
