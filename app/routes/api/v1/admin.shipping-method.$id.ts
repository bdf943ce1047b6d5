import { methodSchema } from "~/lib/shipping-rules";
import { deleteMethod, methodJson, updateMethod } from "~/models/pricing";
import { changeRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, DOC_LOCALE, ruleChangeOperations } from "~/web/openapi/operations";
import { methodPayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/shipping-method/:id (the whole method, as on create) and DELETE.
export const action = changeRuleAction(
  methodSchema,
  { update: updateMethod, remove: deleteMethod, deleted: "Shipping method deleted" },
  (method) => ({ method: methodJson(method) }),
);

export const openapi = describeRoute(
  ruleChangeOperations("shipping-method", "a shipping method", methodSchema(DOC_LOCALE), { method: methodPayload }),
);
