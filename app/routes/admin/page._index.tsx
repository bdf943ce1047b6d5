import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PageForm } from "~/components/PageForm";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { createPage } from "~/models/content";
import { requireAdmin } from "~/web/auth.server";
import { savePageForm } from "~/web/page-form.server";
import { redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "New Page" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const saved = await savePageForm(request, createPage);
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/pages", "Page created");
}

export default function NewPage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-xl-8">
      <PageForm formError={actionData?.formError} submitLabel="Create" />
    </div>
  );
}
