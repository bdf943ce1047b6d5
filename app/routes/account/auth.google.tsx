import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { authenticator } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";

// POST (the "Sign in with Google" form) redirects to Google's consent screen.
export async function action({ request }: ActionFunctionArgs) {
  if (!config.google) throw notFound("Google sign-in is not configured on this shop.");
  // remix-auth builds its own Request from this one, so the body must stay unread.
  await readForm(request.clone());
  return authenticator.authenticate("google", request);
}

export async function loader() {
  return redirect("/lgn");
}
