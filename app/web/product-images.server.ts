import { assertProductImageCount } from "~/models/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/lib/product-schema";
import { imageList } from "~/web/multipart.server";

/** What the product form and calls keep of a multipart body: the `images` files. */
export const PRODUCT_FILES = { images: MAX_PRODUCT_IMAGES };

/** The `images` of the product form or an API call: one or several files or data URLs. */
export function uploadedProductImages(value: unknown) {
  return imageList(value, "images", assertProductImageCount);
}
