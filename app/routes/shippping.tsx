import { redirect } from "@remix-run/node";

// The spec's checkout progress bar links here (sic).
export const loader = () => redirect("/shipping", 301);
