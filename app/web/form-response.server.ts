import { data } from "@remix-run/node";

/**
 * What a form action answers when the input is refused: errors by field (shown beside the fields
 * by remix-validated-form), an optional message for the whole form, and the values to put back
 * when the page is rendered without JavaScript. Passwords are never put back.
 */
export function formFailure(
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
  fieldErrors: Record<string, string>,
  repopulateFields: Record<string, unknown> = {},
  formError?: string | null,
  headers?: HeadersInit,
) {
  return data({ fieldErrors, repopulateFields, formError: formError ?? null }, { status, headers });
}

/** Values safe to send back into a form: every field whose name does not mention "password". */
export function withoutPasswords(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !/password/i.test(key) && typeof value !== "object"),
  );
}
