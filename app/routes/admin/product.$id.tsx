import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/ProductForm";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { formatMoneyInput } from "~/lib/money-input";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveProductForm } from "~/web/product-form.server";
import { requireAdmin } from "~/web/auth.server";
import { categoryNames, getProduct } from "~/models/catalogue";
import { notFound } from "~/web/errors.server";
import { getShopSettings } from "~/models/settings";

export const handle: AdminHandle = { title: "Update Product" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = await getProduct(params.id ?? "");
  if (!product) throw notFound("Product not found");
  const { locale } = await getShopSettings();
  return {
    id: product.id,
    hasVariants: product.variants.length > 0,
    images: product.images,
    categories: await categoryNames(),
    values: {
      name: product.name,
      price: formatMoneyInput(product.priceCents, locale),
      description: product.description,
      category: product.category,
      stock: String(product.stock),
      weightGrams: product.weightGrams === null ? "" : String(product.weightGrams),
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
  const { id, hasVariants, images, values, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-lg-8">
      <ProductForm
        defaultValues={values}
        images={images}
        categories={categories}
        keptImages={actionData?.keptImages}
        formError={actionData?.formError}
        submitLabel="Update"
        variants={{ href: `/admin/product/${id}/variants`, hasVariants }}
      />
    </div>
  );
}
