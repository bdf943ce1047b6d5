import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

// The spec's order and cart views link to /products/{id}; the product page lives at /product/{id}.
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/product/${encodeURIComponent(params.id ?? "")}`, 301);
}
