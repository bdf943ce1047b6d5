import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { redirectWithSuccess } from "~/web/toast.server";
import { destroyUserSession } from "~/web/auth.server";
import { readForm } from "~/web/forms.server";

// Logging out changes state, so it is a POST (the navbar's Logout is a form); a GET just goes home.
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  return redirectWithSuccess("/", "Logged out successfully.", {
    headers: { "Set-Cookie": await destroyUserSession(request) },
  });
}
