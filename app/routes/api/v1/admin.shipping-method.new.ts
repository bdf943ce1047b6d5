import { methodSchema } from "~/lib/shipping-rules";
import { createMethod, methodJson } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, DOC_LOCALE, ruleCreateOperation } from "~/web/openapi/operations";
import { methodPayload } from "~/lib/api-payloads";

// POST /api/v1/admin/shipping-method/new: { zoneId, name, kind, price?, freeOver?, bands? }.
export const action = createRuleAction(methodSchema, createMethod, (method) => ({ method: methodJson(method) }));

// Adds to the shared shop's rules: fuzzed as an admin on a shop of its own (tests/e2e/api/shipping-api.spec.ts).
export const openapi = describeRoute(
  ruleCreateOperation("shipping-method", "a shipping method", methodSchema(DOC_LOCALE), { method: methodPayload }),
  { admin: false },
);
