import { zoneSchema } from "~/lib/shipping-rules";
import { createZone, zoneJson } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";
import { describeRoute, ruleCreateOperation } from "~/web/openapi/operations";
import { zonePayload } from "~/lib/api-payloads";

// POST /api/v1/admin/shipping-zone/new: { name, countries }.
export const action = createRuleAction(zoneSchema, createZone, (zone) => ({ zone: zoneJson(zone) }));

// Adds to the shared shop's rules: fuzzed as an admin on a shop of its own (tests/e2e/api/shipping-api.spec.ts).
export const openapi = describeRoute(
  ruleCreateOperation("shipping-zone", "a shipping zone", zoneSchema, { zone: zonePayload }),
  { admin: false },
);
