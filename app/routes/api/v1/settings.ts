import { apiHandler } from "~/web/api.server";
import { getShopSettings } from "~/models/settings";
import { publicShopSettings } from "~/lib/shop-settings";
import { describeRoute, one } from "~/web/openapi/operations";
import { settingsPayload } from "~/lib/api-payloads";

// GET /api/v1/settings: what the storefront shows of the shop (its name, contact, currency, hero).
export async function loader() {
  return apiHandler(async () =>
    Response.json({ success: true, settings: publicShopSettings(await getShopSettings()) }),
  );
}

export const openapi = describeRoute({
  path: "/settings",
  method: "get",
  summary: "What the storefront shows of the shop: name, logo, contact, currency, home page",
  tag: "Meta",
  access: "public",
  ok: one("settings", settingsPayload, "The shop's settings"),
});
