import { data } from "@remix-run/node";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { PRODUCT_FILES, uploadedProductImages } from "~/web/product-images.server";
import { getShopSettings } from "~/models/settings";
import { typedValues } from "~/web/validated-form.server";
import { PICTURE_FIELDS, productFormValidator, type KeptImage } from "~/lib/product-schema";
import { PublicError } from "~/lib/public-error";
import { sign, verify } from "~/models/platform";
import { type ImageUpload } from "~/models/uploads";
import {
  createProduct,
  productProblems,
  removeUnusedImages,
  storeProductImages,
  updateProduct,
} from "~/models/catalogue";

// A file input cannot be filled again by the server, so the pictures of a refused submit are stored
// at once (in the upload store, as every node sees it) and the form carries their URLs, signed, in
// hidden fields: the next submit uses them without sending them again, on whichever node.
const KEPT = "kept-product-image";

const keptImage = (url: string): KeptImage => ({ url, token: `${url}#${sign(KEPT, url, 22)}` });

/** The kept pictures the form sent back, those whose signature holds: kept, or ticked for removal. */
function keptImages(form: FormData) {
  const removed = new Set(form.getAll(PICTURE_FIELDS.remove));
  const kept: string[] = [];
  const discarded: string[] = [];
  for (const token of form.getAll(PICTURE_FIELDS.kept)) {
    if (typeof token !== "string") continue;
    const [url, signature] = token.split("#");
    if (!verify(KEPT, url, signature, 22)) continue;
    (removed.has(url) ? discarded : kept).push(url);
  }
  return { kept, discarded };
}

/** The files sent, or the message that refuses them (too many). */
function uploads(form: FormData): { files: ImageUpload[]; error?: string } {
  try {
    return { files: uploadedProductImages(form.getAll(PICTURE_FIELDS.files)) };
  } catch (error) {
    if (error instanceof PublicError && error.field) return { files: [], error: error.message };
    throw error;
  }
}

/**
 * Reads, validates and saves the admin product form. A refused form answers every field's message
 * at once (the schema's and the model's), with the typed values and the pictures it kept.
 */
export async function saveProductForm(request: Request, productId?: string) {
  const form = await readForm(request, { files: PRODUCT_FILES });
  const values = typedValues(form);
  for (const field of Object.values(PICTURE_FIELDS)) delete values[field];
  const creating = productId === undefined;
  const result = await productFormValidator((await getShopSettings()).locale, creating).validate(form);

  const { kept, discarded } = keptImages(form);
  await removeUnusedImages(discarded);
  const sent = uploads(form);
  const stored = await storeProductImages(sent.files);
  const pictures = [...kept, ...stored.urls];
  const category = form.get("category");
  // The schema's count of pictures is the browser's; here the model counts those stored.
  const { [PICTURE_FIELDS.files]: _counted, ...schemaErrors } = result.error?.fieldErrors ?? {};
  const fieldErrors: Record<string, string> = {
    ...(await productProblems(typeof category === "string" ? category.trim() : undefined, pictures.length, creating)),
    ...schemaErrors,
  };
  const pictureError = sent.error ?? stored.error;
  if (pictureError) fieldErrors.images = pictureError;
  const withPictures = (response: ReturnType<typeof formFailure>) =>
    data({ ...response.data, keptImages: pictures.map(keptImage) }, response.init ?? undefined);

  if (Object.keys(fieldErrors).length || !result.data)
    return { response: withPictures(formFailure(400, fieldErrors, values)) };
  try {
    if (productId) {
      await updateProduct(productId, result.data, [], pictures);
      return { id: productId };
    }
    return { id: (await createProduct(result.data, [], pictures)).id };
  } catch (error) {
    return { response: withPictures(publicErrorToForm(error, values)) };
  }
}
