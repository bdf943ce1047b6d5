import type { ActionFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "./api.server";
import { requireApiAdmin } from "./auth.server";

// The admin API's calls for the shop's rules (shipping zones, methods, tax rates): POST …/new makes
// one, PUT …/{id} replaces it whole, DELETE …/{id} removes it. Each kind names its input, its model's
// writes and its answer; checking, refusals (a PublicError's status and message) and 405s are here.

type Answer<T> = (row: T) => Record<string, unknown>;

/** POST /api/v1/admin/{kind}/new: 201 with what was made. */
export function createRuleAction<S extends ZodTypeAny, T>(
  schema: S,
  create: (input: z.output<S>) => Promise<T>,
  answer: Answer<T>,
) {
  return async ({ request }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(request);
    return apiHandler(async () => {
      await requireApiAdmin(request);
      const input = parseApiInput(schema, await readApiBody(request));
      return Response.json({ success: true, ...answer(await create(input)) }, { status: 201 });
    });
  };
}

/** PUT /api/v1/admin/{kind}/{id} (the whole of it, as on create) and DELETE. */
export function changeRuleAction<S extends ZodTypeAny, T>(
  schema: S,
  {
    update,
    remove,
    deleted,
  }: { update: (id: string, input: z.output<S>) => Promise<T>; remove: (id: string) => Promise<void>; deleted: string },
  answer: Answer<T>,
) {
  return async ({ request, params }: ActionFunctionArgs) => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(request);
    return apiHandler(async () => {
      await requireApiAdmin(request);
      const id = params.id ?? "";
      if (request.method === "DELETE") {
        await remove(id);
        return Response.json({ success: true, message: deleted });
      }
      const input = parseApiInput(schema, await readApiBody(request));
      return Response.json({ success: true, ...answer(await update(id, input)) });
    });
  };
}
