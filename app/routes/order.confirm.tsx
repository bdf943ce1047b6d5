import { redirect } from "@remix-run/node";

// The spec's checkout progress bar links here; the confirm page is /confirm.
export const loader = () => redirect("/confirm", 301);
