import { zoneSchema } from "~/lib/shipping-rules";
import { createZone, zoneJson } from "~/models/shipping-rules.server";
import { createRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, ruleCreateOperation } from "~/web/openapi/operations";
import { zonePayload } from "~/lib/api-payloads";

// POST /api/v1/admin/shipping-zone/new: { name, countries }.
export const action = createRuleAction(zoneSchema, createZone, (zone) => ({ zone: zoneJson(zone) }));

export const openapi = describeRoute(
  ruleCreateOperation("shipping-zone", "a shipping zone", zoneSchema, { zone: zonePayload }),
  { admin: false },
);
