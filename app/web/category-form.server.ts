import { isTicked } from "~/lib/checkbox-field";
import { categoryValidator, type CategoryInput } from "~/lib/category-schema";
import type { CategoryPicture } from "~/models/catalogue";
import { publicErrorToForm } from "./errors.server";
import { formFailure } from "./form-response.server";
import { readForm } from "./forms.server";
import { singleImage } from "./multipart.server";

/** A category's picture as a form or call sends it: a new file (or data URL), or a box ticked to remove it. */
export function categoryPicture(image: unknown, remove: unknown): CategoryPicture {
  return { upload: singleImage(image, "image"), remove: isTicked(remove) };
}

/**
 * The admin's category form (a multipart POST, with its picture): the checked input saved by
 * `save`, or the response that sends the form back with its messages and what was typed.
 */
export async function saveCategoryForm(
  request: Request,
  save: (input: CategoryInput, picture: CategoryPicture) => Promise<unknown>,
): Promise<{ response: Response | ReturnType<typeof formFailure> | null }> {
  const form = await readForm(request, { files: { image: 1 } });
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const result = await categoryValidator.validate(form);
  if (result.error) return { response: formFailure(400, result.error.fieldErrors, values) };
  try {
    await save(result.data, categoryPicture(form.getAll("image"), form.get("imageRemove")));
  } catch (error) {
    return { response: publicErrorToForm(error, values) };
  }
  return { response: null };
}
