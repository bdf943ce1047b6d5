import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { ProductForm } from "~/components/ProductForm";
import { pageTitle } from "~/lib/meta";
import { centsToDollars } from "~/lib/money";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveProductForm } from "~/web/product-form.server";
import { requireAdmin } from "~/web/auth.server";
import { getProduct } from "~/models/products.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "Update Product");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = await getProduct(params.id ?? "");
  if (!product) throw data("Product not found", { status: 404 });
  return {
    images: product.images,
    values: {
      name: product.name,
      price: centsToDollars(product.priceCents).toFixed(2),
      description: product.description,
      category: product.category,
      stock: String(product.stock),
      seller: product.seller,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const saved = await saveProductForm(request, params.id ?? "");
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/products", "Product updated successfully");
}

export default function UpdateProduct() {
  const { images, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminShell title="Update Product">
      <div className="col-lg-8">
        <ProductForm
          defaultValues={values}
          images={images}
          imagesError={actionData?.fieldErrors?.images}
          formError={actionData?.formError}
          submitLabel="UPDATE"
        />
      </div>
    </AdminShell>
  );
}
