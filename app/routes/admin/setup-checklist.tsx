import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";
import { readForm } from "~/web/forms.server";
import { checklistCookie } from "~/web/setup-checklist.server";

// The dashboard's setup checklist hidden, or shown again (app/components/SetupChecklist.tsx).
export const loader = () => redirect("/dashboard");

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const hide = form.get("checklist") !== "show";
  return redirect("/dashboard", { headers: { "Set-Cookie": await checklistCookie(hide) } });
}
