import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageForm } from "~/components/PageForm";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { getPageById, updatePage } from "~/models/content";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { savePageForm } from "~/web/page-form.server";
import { redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "Update Page" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = await getPageById(params.id ?? "");
  if (!page) throw notFound("Page not found");
  return { page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const saved = await savePageForm(request, (input) => updatePage(params.id ?? "", input));
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/pages", "Page updated");
}

export default function EditPage() {
  const { page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-xl-8">
      <p>
        <Link to={`/pages/${page.slug}`}>See the page</Link>
      </p>
      <PageForm
        key={String(page.updatedAt)}
        defaultValues={page}
        formError={actionData?.formError}
        submitLabel="Update"
      />
    </div>
  );
}
