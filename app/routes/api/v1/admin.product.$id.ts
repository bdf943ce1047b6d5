import type { ActionFunctionArgs } from "@remix-run/node";
import { PRODUCT_FILES, uploadedProductImages } from "~/web/product-images.server";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { productSchema } from "~/lib/product-schema";
import { getShopSettings } from "~/models/settings";
import { deleteProduct, updateProduct } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, DOC_LOCALE, done } from "~/web/openapi/operations";

// PUT /api/v1/admin/product/:id (multipart or JSON; new images replace the old) and DELETE.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = params.id ?? "";
    if (request.method === "DELETE") {
      await deleteProduct(id);
      return Response.json({ success: true, message: "Product deleted successfully" });
    }
    const body = await readApiBody(request, { files: PRODUCT_FILES });
    await updateProduct(
      id,
      parseApiInput(productSchema((await getShopSettings()).locale), body),
      uploadedProductImages(body.images),
    );
    return Response.json({ success: true, message: "Product updated successfully" });
  });
}

export const openapi = describeRoute([
  adminOperation({
    path: "/admin/product/{id}",
    method: "put",
    summary: "Update a product (new images replace the old)",
    body: { schema: productSchema(DOC_LOCALE), files: { images: "many" } },
    ok: done("Updated"),
  }),
  adminOperation({ path: "/admin/product/{id}", method: "delete", summary: "Delete a product", ok: done("Deleted") }),
]);
