import { redirect } from "@remix-run/node";

// /admin: the dashboard (the specification's /dashboard), which asks an admin to sign in.
export const loader = () => redirect("/dashboard");
