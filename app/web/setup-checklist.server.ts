import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";

// The owner may hide the dashboard's setup checklist before every step is done: this browser
// remembers it (a cookie of the admin pages only, which the page cache never serves).
const hiddenCookie = createCookie("shop_setup_checklist", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.publicUrl.startsWith("https://"),
  maxAge: 60 * 60 * 24 * 365,
});

export async function isChecklistHidden(request: Request): Promise<boolean> {
  return (await hiddenCookie.parse(request.headers.get("Cookie"))) === "hidden";
}

/** The Set-Cookie header that hides the checklist, or shows it again. */
export function checklistCookie(hide: boolean): Promise<string> {
  return hide ? hiddenCookie.serialize("hidden") : hiddenCookie.serialize("", { maxAge: 0 });
}
