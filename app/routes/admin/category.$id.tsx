import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CategoryForm } from "~/components/CategoryForm";
import { categoryPath } from "~/lib/category-path";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { getCategoryById, updateCategory } from "~/models/catalogue";
import { requireAdmin } from "~/web/auth.server";
import { saveCategoryForm } from "~/web/category-form.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "Update Category" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = await getCategoryById(params.id ?? "");
  if (!category) throw notFound("Category not found");
  return { category };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const saved = await saveCategoryForm(request, (input, picture) => updateCategory(params.id ?? "", input, picture));
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/categories", "Category updated");
}

export default function EditCategory() {
  const { category } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-xl-8">
      {category.hidden ? null : (
        <p>
          <Link to={categoryPath(category.slug)}>See the category&apos;s page</Link>
        </p>
      )}
      <CategoryForm
        key={String(category.updatedAt)}
        defaultValues={category}
        imageUrl={category.imageUrl}
        imageError={actionData?.fieldErrors?.image}
        formError={actionData?.formError}
        submitLabel="Update"
      />
    </div>
  );
}
