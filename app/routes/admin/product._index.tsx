import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/ProductForm";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveProductForm } from "~/web/product-form.server";
import { requireAdmin } from "~/web/auth.server";
import { categoryNames } from "~/models/catalogue";

export const handle: AdminHandle = { title: "New Product" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { categories: await categoryNames() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const saved = await saveProductForm(request);
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/products", "Product created successfully");
}

export default function NewProduct() {
  const actionData = useActionData<typeof action>();
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div className="col-lg-8">
      <ProductForm
        images={[]}
        categories={categories}
        keptImages={actionData?.keptImages}
        formError={actionData?.formError}
        submitLabel="Create"
      />
    </div>
  );
}
