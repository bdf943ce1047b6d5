import { data } from "@remix-run/node";
import { PublicError } from "~/lib/public-error";
import { formFailure } from "./form-response.server";
import { redirectWithError } from "./toast.server";

// How a page answers a PublicError (a message written for the person who caused it), one helper
// per way of showing it. Anything else is rethrown: a real server error, logged once.

/** The error page with this status and message (the root ErrorBoundary shows it). */
export function errorPage(status: number, message: string, headers?: HeadersInit) {
  return data(message, { status, headers });
}

/** The 404 page, for an id in the URL that names nothing. Throw it. */
export function notFound(message = "Not found") {
  return errorPage(404, message);
}

/** Back to the form: beside its field when the error names one, else above the form. */
export function publicErrorToForm(error: unknown, repopulateFields: Record<string, unknown> = {}) {
  if (!(error instanceof PublicError)) throw error;
  return error.field
    ? formFailure(error.status, { [error.field]: error.message }, repopulateFields, null, error.headers)
    : formFailure(error.status, {}, repopulateFields, error.message, error.headers);
}

/** Runs a page's write; a PublicError (an unknown id, say) becomes the error page with its status. */
export async function orErrorPage<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PublicError) throw errorPage(error.status, error.message);
    throw error;
  }
}

/** Runs a page's write; a PublicError redirects to `to` with the message as an error toast. */
export async function orRedirectWithError<T>(to: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PublicError) throw await redirectWithError(to, error.message);
    throw error;
  }
}
