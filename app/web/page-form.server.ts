import { pageValidator, type PageInput } from "~/lib/page-schema";
import { saveValidatedForm } from "./validated-form.server";

/**
 * The admin's page form: the checked input saved by `save`, or the response that sends the form
 * back with its messages and what was typed.
 */
export const savePageForm = (request: Request, save: (input: PageInput) => Promise<unknown>) =>
  saveValidatedForm(request, pageValidator, save);
