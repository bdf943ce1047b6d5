import type { ActionFunctionArgs } from "@remix-run/node";
import { variantsSchema } from "~/lib/variant-schema";
import { PublicError } from "~/lib/public-error";
import { getProduct, saveVariants } from "~/models/catalogue";
import { getShopSettings } from "~/models/settings";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { productJson } from "~/web/product-json";
import { adminOperation, describeRoute, DOC_LOCALE, one } from "~/web/openapi/operations";
import { productPayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/product/:id/variants: every variant the product sells (each a combination of its
// options, with SKU, price, stock and picture); one left out is no longer sold.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = params.id ?? "";
    const product = await getProduct(id);
    if (!product) throw new PublicError("Product not found", 404);
    const body = await readApiBody(request);
    await saveVariants(
      id,
      parseApiInput(
        variantsSchema(product.options, { fromForm: false, locale: (await getShopSettings()).locale }),
        body,
      ),
    );
    const saved = (await getProduct(id))!;
    return Response.json({ success: true, product: productJson(saved, saved.reviews) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/product/{id}/variants",
    method: "put",
    summary:
      "Set every variant a product sells: each a combination of its options, with SKU, price, stock and picture (one of the product's images); one left out is no longer sold",
    body: { schema: variantsSchema([], { fromForm: false, locale: DOC_LOCALE }) },
    ok: one("product", productPayload, "The product, with its options and variants"),
    errors: [409],
  }),
);
