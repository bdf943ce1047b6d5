import type { ZodError } from "zod";

/** The first message for each field of a failed zod parse, keyed by the field's name. */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
