import type { LoaderFunctionArgs } from "@remix-run/node";
import { inboxReturnJson, inboxReturnPayload } from "~/lib/api-payloads";
import { returnsInboxQuery } from "~/lib/return-schema";
import { PAGE_SIZES } from "~/lib/table-query";
import { listReturns } from "~/models/after-sales";
import { apiHandler, parseApiInput } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, pageOf } from "~/web/openapi/operations";
import { z } from "zod";

// GET /api/v1/admin/returns?state=&q=&page=&size=: the returns inbox, newest first, as /admin/returns.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const input = parseApiInput(returnsInboxQuery, Object.fromEntries(new URL(request.url).searchParams));
    const size = input.size ?? PAGE_SIZES[0];
    const { rows, total } = await listReturns(
      { q: input.q ?? "", sort: "createdAt", dir: "desc", page: input.page ?? 1, size },
      input.state ?? null,
    );
    return Response.json({ success: true, count: total, resPerPage: size, returns: rows.map(inboxReturnJson) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/returns",
    method: "get",
    summary: "The returns inbox: every order's returns, newest first, filtered by state, searched and paged",
    query: returnsInboxQuery,
    ok: pageOf(
      { count: z.number().int().describe("How many returns match, on every page") },
      { returns: z.array(inboxReturnPayload) },
      "One page of returns",
    ),
    errors: [400],
  }),
);
