import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logoutAndRedirect } from "~/web/auth.server";
import { readForm } from "~/web/forms.server";

// Logging out changes state, so it is a POST (the navbar's Logout is a form); a GET just goes home.
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  return logoutAndRedirect(request);
}
