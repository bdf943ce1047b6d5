import { createToastUtilsWithCustomSession } from "remix-toast";
import { TOAST_COOKIE, toastSessionStorage } from "~/web/session.server";

// remix-toast's own cookie is unsigned; these helpers use the shop's signed toast session.
const toastUtils = createToastUtilsWithCustomSession(toastSessionStorage);
export const { redirectWithSuccess, redirectWithError } = toastUtils;

const HAS_TOAST_COOKIE = new RegExp(`(?:^|;\\s*)${TOAST_COOKIE}=`);

/**
 * The toast flashed to this request, and the header that clears it once shown. Without a toast
 * cookie there is nothing to read or clear, and no cookie is set (an anonymous page that sets none
 * can be cached: app/web/page-cache.server.ts).
 */
export async function flashedToast(request: Request) {
  if (!HAS_TOAST_COOKIE.test(request.headers.get("Cookie") ?? "")) return { toast: undefined, headers: undefined };
  return toastUtils.getToast(request);
}
