import { config } from "~/config.server";
import { MAX_PRODUCT_IMAGES } from "~/lib/product-schema";
import { MAX_IMAGE_BYTES } from "~/models/uploads";

/**
 * A request body the shop refuses, with a message for whoever sent it: 413 too large, 400
 * malformed, 405 wrong method, 415 not a form. Pages show it as the error page, /api/v1 as JSON.
 */
export class BodyError extends Error {
  override readonly name = "BodyError";
  constructor(
    readonly status: 400 | 405 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

// server.ts loads this module through tsx while the routes use the build's copy, so a BodyError
// from the other copy is recognised by its name rather than with instanceof.
export function isBodyError(error: unknown): error is BodyError {
  return (
    error instanceof Error && error.name === "BodyError" && typeof (error as { status?: unknown }).status === "number"
  );
}

export const BODY_LIMITS = {
  /** JSON, urlencoded and any other body but multipart; also all the text fields of a multipart body together. */
  text: config.bodyLimitBytes,
  /** One uploaded file. */
  file: MAX_IMAGE_BYTES,
  /** A whole multipart body: its files and its text. */
  multipart: MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + config.bodyLimitBytes,
};

export function isMultipart(contentType: string | null | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType?.trim() ?? "");
}

/** How many bytes a request body with this Content-Type may have. */
export function bodyLimitFor(contentType: string | null | undefined): number {
  return isMultipart(contentType) ? BODY_LIMITS.multipart : BODY_LIMITS.text;
}

type BodyHeaders = { "content-type"?: string; "content-length"?: string };

/**
 * Whether a request declares (Content-Length) a body of more than `limit` bytes: to be answered
 * 413 at once, with the connection closed, before any of it is read. (A body parser such as
 * express.raw refuses it too, but only once it has read the whole body.)
 */
export const declaresMoreThan = (headers: BodyHeaders, limit: number) => Number(headers["content-length"]) > limit;

/** The limit a request's declared Content-Length is over, or null (no length declared, or within it). */
export function declaredOverLimit(headers: BodyHeaders): number | null {
  const limit = bodyLimitFor(headers["content-type"]);
  return declaresMoreThan(headers, limit) ? limit : null;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Number((bytes / 1024).toFixed(1))} KB`;
}

export function bodyTooLarge(limit: number): BodyError {
  return new BodyError(413, `The request is too large: at most ${formatBytes(limit)} can be sent at once.`);
}
