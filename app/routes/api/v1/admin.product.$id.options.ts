import type { ActionFunctionArgs } from "@remix-run/node";
import { optionsSchema } from "~/lib/variant-schema";
import { getProduct, saveOptions } from "~/models/catalogue";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { productJson } from "~/web/product-json";

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
