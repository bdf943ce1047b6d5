import { zoneSchema } from "~/lib/shipping-rules";
import { deleteZone, updateZone, zoneJson } from "~/models/pricing";
import { changeRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, ruleChangeOperations } from "~/web/openapi/operations";
import { zonePayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/shipping-zone/:id { name, countries } and DELETE (its methods go with it).
export const action = changeRuleAction(
  zoneSchema,
  { update: updateZone, remove: deleteZone, deleted: "Shipping zone deleted" },
  (zone) => ({ zone: zoneJson(zone) }),
);

export const openapi = describeRoute(
  ruleChangeOperations("shipping-zone", "a shipping zone", zoneSchema, { zone: zonePayload }),
);
