import { apiHandler } from "~/web/api.server";
import { getShopSettings } from "~/models/settings";
import { publicShopSettings } from "~/lib/shop-settings";

// GET /api/v1/settings: what the storefront shows of the shop (its name, contact, currency, hero).
export async function loader() {
  return apiHandler(async () =>
    Response.json({ success: true, settings: publicShopSettings(await getShopSettings()) }),
  );
}
