import { isRouteErrorResponse } from "@remix-run/react";

/** The error body every /api/v1 call answers with. */
export function apiError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ success: false, message }, { status, headers });
}

/**
 * Runs an /api/v1 handler so that whatever it throws becomes `{ success: false, message }` with
 * the right status: thrown Responses keep their status and text, anything else is a logged 500
 * without details.
 */
export async function apiHandler(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) {
      const text = await error.text().catch(() => "");
      return apiError(error.status, messageFromBody(text) || error.statusText || "Request failed");
    }
    if (isRouteErrorResponse(error)) {
      return apiError(error.status, typeof error.data === "string" ? error.data : error.statusText);
    }
    console.error(error);
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
