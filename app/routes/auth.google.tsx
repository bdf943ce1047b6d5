import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { authenticator } from "~/web/auth.server";

// POST (the "Sign in with Google" form) redirects to Google's consent screen.
export async function action({ request }: ActionFunctionArgs) {
  if (!config.google) throw new Response("Google sign-in is not configured on this shop.", { status: 404 });
  return authenticator.authenticate("google", request);
}

export async function loader() {
  return redirect("/lgn");
}
