import { methodSchema } from "~/lib/shipping-rules";
import { createMethod, methodJson } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";

// POST /api/v1/admin/shipping-method/new: { zoneId, name, kind, price?, freeOver?, bands? }.
export const action = createRuleAction(methodSchema, createMethod, (method) => ({ method: methodJson(method) }));
