import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CategoryForm } from "~/components/CategoryForm";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { createCategory } from "~/models/catalogue";
import { requireAdmin } from "~/web/auth.server";
import { saveCategoryForm } from "~/web/category-form.server";
import { redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "New Category" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const saved = await saveCategoryForm(request, createCategory);
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/categories", "Category created");
}

export default function NewCategory() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-xl-8">
      <CategoryForm
        imageUrl={null}
        imageError={actionData?.fieldErrors?.image}
        formError={actionData?.formError}
        submitLabel="Create"
      />
    </div>
  );
}
