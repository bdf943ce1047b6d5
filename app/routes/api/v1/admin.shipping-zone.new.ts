import { zoneSchema } from "~/lib/shipping-rules";
import { createZone, zoneJson } from "~/models/pricing";
import { createRuleAction } from "~/web/admin-rule-api.server";

// POST /api/v1/admin/shipping-zone/new: { name, countries }.
export const action = createRuleAction(zoneSchema, createZone, (zone) => ({ zone: zoneJson(zone) }));
