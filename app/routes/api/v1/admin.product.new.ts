import type { ActionFunctionArgs } from "@remix-run/node";
import { PRODUCT_FILES, uploadedProductImages } from "~/web/product-images.server";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { productJson } from "~/web/product-json";
import { productSchema } from "~/lib/product-schema";
import { getShopSettings } from "~/models/settings";
import { createProduct, getProduct } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, DOC_LOCALE, one } from "~/web/openapi/operations";
import { productPayload } from "~/lib/api-payloads";

// POST /api/v1/admin/product/new: fields plus repeated `images` (data URLs or files).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const body = await readApiBody(request, { files: PRODUCT_FILES });
    const input = parseApiInput(productSchema((await getShopSettings()).locale), body);
    const { id } = await createProduct(input, uploadedProductImages(body.images));
    const product = (await getProduct(id))!;
    return Response.json({ success: true, product: productJson(product, []) }, { status: 201 });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/product/new",
    method: "post",
    summary: "Create a product (images as data URLs or files)",
    body: { schema: productSchema(DOC_LOCALE), files: { images: "many" } },
    ok: one("product", productPayload, "The product", 201),
  }),
);
