import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { settingsInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { SETTINGS_FILES, settingsPictures } from "~/web/settings-pictures.server";
import { getShopSettings, saveShopSettings } from "~/models/settings";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, one } from "~/web/openapi/operations";
import { adminSettingsPayload } from "~/lib/api-payloads";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, settings: await getShopSettings() });
  });
}

// PUT: any of the settings (JSON, or multipart with the pictures as files); the others stay.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const body = await readApiBody(request, { files: SETTINGS_FILES });
    const { logo, logoRemove, heroImage, heroImageRemove, ...changes } = parseApiInput(settingsInput, body);
    const settings = await saveShopSettings(
      changes,
      settingsPictures({ logo, logoRemove, heroImage, heroImageRemove }),
    );
    return Response.json({ success: true, settings });
  });
}

// Any body with one valid setting changes the shared shop: fuzzed as an admin on a shop of its own
// (tests/e2e/api/settings-api.spec.ts).
export const openapi = describeRoute(
  [
    adminOperation({
      path: "/admin/settings",
      method: "get",
      summary: "The shop's settings",
      ok: one("settings", adminSettingsPayload, "The shop's settings"),
    }),
    adminOperation({
      path: "/admin/settings",
      method: "put",
      summary: "Change any of the shop's settings (the others stay), its logo and its hero's picture",
      body: { schema: settingsInput, files: { logo: "one", heroImage: "one" } },
      ok: one("settings", adminSettingsPayload, "The settings now in force"),
    }),
  ],
  { admin: false },
);
