import { createToastUtilsWithCustomSession } from "remix-toast";
import { toastSessionStorage } from "~/web/session.server";

// remix-toast's own cookie is unsigned; these helpers use the shop's signed toast session.
export const { getToast, redirectWithSuccess, redirectWithError } = createToastUtilsWithCustomSession(toastSessionStorage);
