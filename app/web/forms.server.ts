import { errorPage } from "~/web/errors.server";
import { isBodyError } from "~/web/body-limits.server";
import { readFormBody, type FormReadOptions } from "~/web/multipart.server";

/**
 * The posted form of a page action. Anything a browser's form would not send (another method,
 * JSON or no form at all, broken multipart, field names such as `__proto__`, a body over the
 * limits) is thrown as the error page with its 4xx status and why.
 */
export async function readForm(request: Request, options?: FormReadOptions): Promise<FormData> {
  if (request.method !== "POST")
    throw errorPage(405, `${request.method} is not allowed here: forms are sent with POST.`, { Allow: "POST" });
  try {
    return await readFormBody(request, options);
  } catch (error) {
    if (isBodyError(error)) throw errorPage(error.status, error.message);
    throw error;
  }
}
