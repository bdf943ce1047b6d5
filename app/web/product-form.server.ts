import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { PRODUCT_FILES, uploadedProductImages } from "~/web/product-images.server";
import { productValidator } from "~/lib/product-schema";
import { createProduct, updateProduct } from "~/models/admin-products.server";
import { getShopSettings } from "~/models/shop-settings.server";

/** Reads, validates and saves the admin product form; answers field errors with the typed values kept. */
export async function saveProductForm(request: Request, productId?: string) {
  const form = await readForm(request, { files: PRODUCT_FILES });
  const values = Object.fromEntries([...form].filter(([key, v]) => typeof v === "string" && key !== "images"));
  const result = await productValidator((await getShopSettings()).locale).validate(form);
  if (result.error) return { response: formFailure(400, result.error.fieldErrors, values) };
  try {
    const images = uploadedProductImages(form.getAll("images"));
    if (productId) {
      await updateProduct(productId, result.data, images);
      return { id: productId };
    }
    return { id: (await createProduct(result.data, images)).id };
  } catch (error) {
    return { response: publicErrorToForm(error, values) };
  }
}
