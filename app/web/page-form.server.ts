import { data } from "@remix-run/node";
import { pageValidator, type PageInput } from "~/lib/page-schema";
import { PublicError } from "~/lib/public-error";
import { ImageError } from "~/models/uploads";
import { savePagePicture } from "~/models/content";
import { formFailure } from "./form-response.server";
import { readForm } from "./forms.server";
import { singleImage } from "./multipart.server";
import { saveValidatedForm, typedValues } from "./validated-form.server";

/** What the page form keeps of a multipart body: one picture to add. */
export const PAGE_FILES = { picture: 1 };

/**
 * The admin's page form: the checked input saved by `save`, or the response that sends the form
 * back with its messages and what was typed. A picture sent with it is stored first and added to
 * the end of the text as Markdown, so that a form refused for another field keeps it in its text.
 */
export async function savePageForm(request: Request, save: (input: PageInput) => Promise<unknown>) {
  const form = await readForm(request, { files: PAGE_FILES });
  let pictureError: string | null = null;
  let withPicture: string | null = null;
  try {
    const upload = singleImage(form.get("picture") ?? undefined, "picture");
    if (upload) {
      const shown = await savePagePicture(upload, String(form.get("pictureText") ?? ""));
      withPicture = `${String(form.get("body") ?? "").trimEnd()}\n\n${shown}`.trimStart();
      form.set("body", withPicture);
      form.set("pictureText", "");
    }
  } catch (error) {
    if (!(error instanceof ImageError || (error instanceof PublicError && error.field))) throw error;
    pictureError = error.message;
  }
  form.delete("picture");
  if (pictureError) {
    const result = await pageValidator.validate(form);
    return { response: formFailure(400, { ...result.error?.fieldErrors, picture: pictureError }, typedValues(form)) };
  }
  const saved = await saveValidatedForm(request, pageValidator, save, { form });
  // Refused for another field: the text with the picture goes back (the page puts it in the field).
  if (saved.response && withPicture !== null)
    return { response: data({ ...saved.response.data, pictureBody: withPicture }, saved.response.init ?? undefined) };
  return saved;
}
