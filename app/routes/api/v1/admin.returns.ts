import type { LoaderFunctionArgs } from "@remix-run/node";
import { inboxReturnJson } from "~/lib/api-payloads";
import { returnsInboxQuery } from "~/lib/return-schema";
import { PAGE_SIZES } from "~/lib/table-query";
import { listReturns } from "~/models/after-sales";
import { apiHandler, parseApiInput } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";

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
