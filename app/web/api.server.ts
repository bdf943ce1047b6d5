import { isRouteErrorResponse } from "@remix-run/react";
import type { ZodTypeAny, z } from "zod";
import { logServerError } from "~/models/platform";
import { isBodyError } from "~/web/body-limits.server";
import { isFormContentType, readFormBody, type FormReadOptions } from "~/web/multipart.server";
import { PublicError } from "~/lib/public-error";

/** The error body every /api/v1 call answers with. */
export function apiError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ success: false, message }, { status, headers });
}

/**
 * Runs an /api/v1 handler so that whatever it throws becomes `{ success: false, message }` with
 * the right status: PublicErrors and thrown Responses keep their status and message, anything
 * else is a logged 500 without details (a 503 once the edge sees the database went away).
 */
export async function apiHandler(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof PublicError) return apiError(error.status, error.message, error.headers);
    if (error instanceof Response) {
      const text = await error.text().catch(() => "");
      return apiError(error.status, messageFromBody(text) || error.statusText || "Request failed");
    }
    if (isRouteErrorResponse(error)) {
      return apiError(error.status, typeof error.data === "string" ? error.data : error.statusText);
    }
    logServerError(error);
    return apiError(500, "Something went wrong on our side. Please try again.");
  }
}

function messageFromBody(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // plain text body
  }
  return text;
}

/**
 * The body of an API call as an object: JSON, urlencoded or multipart (files kept as File, in the
 * fields `options.files` names). A body over the limits, broken, or with dangerous field names is
 * answered with the 4xx that says so.
 */
export async function readApiBody(request: Request, options?: FormReadOptions): Promise<Record<string, unknown>> {
  try {
    return await readBody(request, options);
  } catch (error) {
    if (isBodyError(error)) throw apiError(error.status, error.message);
    throw error;
  }
}

async function readBody(request: Request, options?: FormReadOptions): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type");
  if (/^application\/json\b/i.test(type?.trim() ?? "")) {
    const text = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw apiError(400, "The request body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw apiError(400, "The request body must be a JSON object");
    return body as Record<string, unknown>;
  }
  if (!isFormContentType(type)) return {};
  // Repeated fields (several images) become arrays.
  const body: Record<string, unknown> = Object.create(null);
  for (const [key, value] of await readFormBody(request, options)) {
    const previous = body[key];
    body[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return body;
}

/** Validates API input with a zod schema; the first problem becomes a 400 with its message. */
export function parseApiInput<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw apiError(400, result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

export function methodNotAllowed(request: Request): Response {
  return apiError(405, `${request.method} is not allowed here`);
}

/**
 * Remix itself answers a method that an /api/v1 route has no handler for (a POST to a route with
 * only a loader) with a 405 in its own body, `{ message: "Unexpected Server Error" }`: answer it
 * in the API's shape instead.
 */
export function inApiShape(request: Request, response: Response): Response {
  if (response.status !== 405 || response.headers.get("X-Remix-Error") !== "yes") return response;
  return methodNotAllowed(request);
}
