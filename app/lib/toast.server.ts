import { createToastUtilsWithCustomSession } from "remix-toast";
import { toastSessionStorage } from "./session.server";

// remix-toast's own cookie is unsigned; these helpers use the shop's signed toast session.
export const { getToast, redirectWithSuccess, redirectWithError } = createToastUtilsWithCustomSession(toastSessionStorage);
