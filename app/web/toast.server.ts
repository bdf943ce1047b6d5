import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieInHeader, TOAST_COOKIE } from "~/web/cookie-names";
import { toastSessionStorage } from "~/web/session.server";

// remix-toast's own cookie is unsigned; these helpers use the shop's signed toast session.
const toastUtils = createToastUtilsWithCustomSession(toastSessionStorage);
export const { redirectWithSuccess, redirectWithError } = toastUtils;

const HAS_TOAST_COOKIE = cookieInHeader(TOAST_COOKIE);

/**
 * The toast flashed to this request, and the header that clears it once shown. Without a toast
 * cookie there is nothing to read or clear, and no cookie is set (an anonymous page that sets none
 * can be cached: server/page-cache.server.ts).
 */
export async function flashedToast(request: Request) {
  if (!HAS_TOAST_COOKIE.test(request.headers.get("Cookie") ?? "")) return { toast: undefined, headers: undefined };
  const { toast } = await toastUtils.getToast(request);
  // The cookie holds nothing but the flash: it is removed rather than sent back empty (as
  // remix-toast does), so that the next requests carry no toast cookie to verify and sign again.
  const cleared = await toastSessionStorage.destroySession(await toastSessionStorage.getSession());
  return { toast, headers: new Headers({ "Set-Cookie": cleared }) };
}
