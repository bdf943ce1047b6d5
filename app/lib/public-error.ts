/**
 * An error whose message is written for the person who caused it (a taken e-mail, a bad image,
 * too many attempts), with the HTTP status that fits. Pages show it beside the field or as a
 * toast; /api/v1 answers it as `{ success: false, message }`.
 */
export class PublicError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
