import { pageValidator, type PageInput } from "~/lib/page-schema";
import { publicErrorToForm } from "./errors.server";
import { formFailure } from "./form-response.server";
import { readForm } from "./forms.server";

/**
 * The admin's page form: the checked input saved by `save`, or the response that sends the form
 * back with its messages and what was typed.
 */
export async function savePageForm(
  request: Request,
  save: (input: PageInput) => Promise<unknown>,
): Promise<{ response: Response | ReturnType<typeof formFailure> | null }> {
  const form = await readForm(request);
  const values = Object.fromEntries(form);
  const result = await pageValidator.validate(form);
  if (result.error) return { response: formFailure(400, result.error.fieldErrors, values) };
  try {
    await save(result.data);
  } catch (error) {
    return { response: publicErrorToForm(error, values) };
  }
  return { response: null };
}
