import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { categoryMoveInput } from "~/lib/api-inputs";
import { categoryPath } from "~/lib/category-path";
import { AdminList } from "~/components/AdminList";
import { EditDeleteLinks } from "~/components/EditDeleteLinks";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { listCategories, moveCategory, productCounts } from "~/models/catalogue";
import { requireAdmin } from "~/web/auth.server";
import { orRedirectWithError } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "Categories" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [categories, counts] = await Promise.all([listCategories(), productCounts()]);
  return {
    categories: categories.map(({ id, name, slug, hidden, imageUrl }) => ({
      id,
      name,
      slug,
      hidden,
      imageUrl,
      products: counts.get(name) ?? 0,
    })),
  };
}

const moveSchema = categoryMoveInput.extend({ id: z.string().min(1).max(64) });

/** Moves a category one place up or down in the shop's order (a plain POST per button). */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = moveSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithError("/admin/categories", "Choose a category to move");
  const { id, direction } = parsed.data;
  await orRedirectWithError("/admin/categories", () => moveCategory(id, direction));
  return redirectWithSuccess("/admin/categories", "Order saved");
}

export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminList
        newTo="/admin/category"
        newLabel="New category"
        isEmpty={categories.length === 0}
        empty={
          <>
            No categories yet: products need one, so <Link to="/admin/category">add the first category</Link>.
          </>
        }
        caption="Categories, in the storefront's order"
      >
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="d-none d-md-table-cell">
              Address
            </th>
            <th scope="col">Products</th>
            <th scope="col" className="d-none d-md-table-cell">
              Shown
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category, i) => (
            <tr key={category.id}>
              <td className="text-break">
                {category.hidden ? category.name : <Link to={categoryPath(category.slug)}>{category.name}</Link>}
              </td>
              <td className="d-none d-md-table-cell text-break">{categoryPath(category.slug)}</td>
              <td>{category.products}</td>
              <td className="d-none d-md-table-cell">{category.hidden ? "Hidden" : "Yes"}</td>
              <td className="text-nowrap text-end">
                <Form method="post" className="d-inline">
                  <input type="hidden" name="id" value={category.id} />
                  <button
                    type="submit"
                    name="direction"
                    value="up"
                    className="btn btn-sm btn-outline-secondary me-1"
                    disabled={i === 0}
                  >
                    <span aria-hidden="true">↑</span>
                    <span className="visually-hidden">Move {category.name} up</span>
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    className="btn btn-sm btn-outline-secondary me-2"
                    disabled={i === categories.length - 1}
                  >
                    <span aria-hidden="true">↓</span>
                    <span className="visually-hidden">Move {category.name} down</span>
                  </button>
                </Form>
                <EditDeleteLinks
                  editTo={`/admin/category/${category.id}`}
                  deleteTo={`/admin/category/${category.id}/delete`}
                  name={category.name}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </AdminList>
    </>
  );
}
