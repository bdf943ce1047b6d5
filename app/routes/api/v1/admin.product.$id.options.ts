import type { ActionFunctionArgs } from "@remix-run/node";
import { optionsSchema } from "~/lib/variant-schema";
import { getProduct, saveOptions } from "~/models/catalogue";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { productJson } from "~/web/product-json";
import { adminOperation, describeRoute, one } from "~/web/openapi/operations";
import { productPayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/product/:id/options: the product's options (none: no variants); its variants
// follow (see saveOptions). Answers the product as GET /api/v1/product/:id does.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = params.id ?? "";
    await saveOptions(id, parseApiInput(optionsSchema, await readApiBody(request)));
    const product = (await getProduct(id))!;
    return Response.json({ success: true, product: productJson(product, product.reviews) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/product/{id}/options",
    method: "put",
    summary:
      "Set a product's options (Memory: 8 GB, 16 GB…): each new combination becomes a variant at the product's price with no stock, each gone one is deleted; none: no variants",
    body: { schema: optionsSchema },
    ok: one("product", productPayload, "The product, with its options and variants"),
  }),
);
