import type { PublicError } from "~/lib/public-error";

/** What a model's refusal says (its message, status and field), or null when the call went through. */
export const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: PublicError) => ({ message: error.message, status: error.status, field: error.field }),
  );
