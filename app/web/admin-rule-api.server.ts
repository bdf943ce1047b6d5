import type { ActionFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "./api.server";
import { requireApiAdmin } from "./auth.server";
import type { Locale } from "~/lib/shop-settings";
import { getShopSettings } from "~/models/settings";

// The admin API's calls for the shop's rules (shipping zones, methods, tax rates): POST …/new makes
// one, PUT …/{id} replaces it whole, DELETE …/{id} removes it. Each kind names its input, its model's
// writes and its answer; checking, refusals (a PublicError's status and message) and 405s are here.

type Answer<T> = (row: T) => Record<string, unknown>;

/** A schema, or one made for the shop's locale (a rule with amounts of money: app/lib/money-input.ts). */
type RuleSchema<S extends ZodTypeAny> = S | ((locale: Locale) => S);

const schemaFor = async <S extends ZodTypeAny>(schema: RuleSchema<S>): Promise<S> =>
  typeof schema === "function" ? schema((await getShopSettings()).locale) : schema;

/** POST /api/v1/admin/{kind}/new: 201 with what was made. */
export function createRuleAction<S extends ZodTypeAny, T>(
  schema: RuleSchema<S>,
  create: (input: z.output<S>) => Promise<T>,
  answer: Answer<T>,
) {
  return async ({ request }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(request);
    return apiHandler(async () => {
      await requireApiAdmin(request);
      const input = parseApiInput(await schemaFor(schema), await readApiBody(request));
      return Response.json({ success: true, ...answer(await create(input)) }, { status: 201 });
    });
  };
}

/** PUT /api/v1/admin/{kind}/{id} (the whole of it, as on create) and DELETE. */
export function changeRuleAction<S extends ZodTypeAny, T>(
  schema: RuleSchema<S>,
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
      const input = parseApiInput(await schemaFor(schema), await readApiBody(request));
      return Response.json({ success: true, ...answer(await update(id, input)) });
    });
  };
}
