import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { categoryDeleteSchema } from "~/lib/category-schema";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { countOf } from "~/lib/plural";
import { deleteCategory, getCategoryById, listCategories, productCounts } from "~/models/catalogue";
import { requireAdmin } from "~/web/auth.server";
import { notFound, publicErrorToForm } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { redirectWithSuccess } from "~/web/toast.server";

// The confirmation before a category is deleted (a page beside the edit page, not inside it: `$id_`).
// One that holds products asks where they go (a plain POST form with a select, so it needs no
// script); the model refuses a delete without it.
export const handle: AdminHandle = { title: "Delete Category" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = await getCategoryById(params.id ?? "");
  if (!category) throw notFound("Category not found");
  const [all, counts] = await Promise.all([listCategories(), productCounts()]);
  return {
    name: category.name,
    products: counts.get(category.name) ?? 0,
    others: all.filter((c) => c.id !== category.id).map((c) => ({ id: c.id, name: c.name })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const values = Object.fromEntries(await readForm(request));
  const { moveTo } = categoryDeleteSchema.parse({ moveTo: typeof values.moveTo === "string" ? values.moveTo : "" });
  try {
    const { moved } = await deleteCategory(params.id ?? "", moveTo);
    return redirectWithSuccess(
      "/admin/categories",
      moved ? `Category deleted; its ${countOf(moved, "product")} moved` : "Category deleted",
    );
  } catch (error) {
    return publicErrorToForm(error, values);
  }
}

export default function DeleteCategory() {
  const { name, products, others } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.fieldErrors?.moveTo ?? actionData?.formError;
  return (
    <div className="card card-body col-xl-8">
      <p className="lead">Delete the category {name}? This cannot be undone.</p>
      <Form method="post">
        {products > 0 ? (
          <div className="mb-3">
            <label htmlFor="moveTo" className="form-label">
              It holds {countOf(products, "product")}. Move them to
            </label>
            <select
              id="moveTo"
              name="moveTo"
              className={`form-select${error ? " is-invalid" : ""}`}
              defaultValue={String(actionData?.repopulateFields?.moveTo ?? "")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "moveTo-error" : undefined}
            >
              <option value="">Choose a category</option>
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {error ? (
              <div id="moveTo-error" className="invalid-feedback d-block">
                {error}
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-danger" disabled={products > 0 && others.length === 0}>
            Yes, delete
          </button>
          <Link to="/admin/categories" className="btn btn-outline-secondary">
            Cancel
          </Link>
        </div>
        {products > 0 && others.length === 0 ? (
          <p className="text-muted mt-2 mb-0">Add another category first, for its products to move to.</p>
        ) : null}
      </Form>
    </div>
  );
}
