import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { fileBytes, readFormWithFiles } from "~/web/multipart.server";
import { productValidator } from "~/lib/product-schema";
import { createProduct, updateProduct } from "~/models/admin-products.server";

/** Reads, validates and saves the admin product form; answers field errors with the typed values kept. */
export async function saveProductForm(request: Request, productId?: string) {
  const form = await readFormWithFiles(request);
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const result = await productValidator.validate(form);
  if (result.error) return { response: formFailure(400, result.error.fieldErrors, values) };
  const images = (await Promise.all(form.getAll("images").map((v) => fileBytes(v)))).filter((b): b is Buffer => b !== null);
  try {
    if (productId) {
      await updateProduct(productId, result.data, images);
      return { id: productId };
    }
    return { id: (await createProduct(result.data, images)).id };
  } catch (error) {
    return { response: publicErrorToForm(error, values) };
  }
}
