import type { ActionFunctionArgs } from "@remix-run/node";
import { OPT_OUT_LABELS, unsubscribeInput } from "~/lib/shopper-mails";
import { optOutWithToken } from "~/models/mail";
import { apiError, apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { describeRoute, done } from "~/web/openapi/operations";

// POST /api/v1/unsubscribe { token }: what the unsubscribe page's button does, for a client of its own.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const { token } = parseApiInput(unsubscribeInput, await readApiBody(request));
    const named = await optOutWithToken(token);
    if (!named) return apiError(404, "This unsubscribe link is not valid");
    return Response.json({ success: true, message: `${named.email} gets no more ${OPT_OUT_LABELS[named.kind]}` });
  });
}

export const openapi = describeRoute({
  path: "/unsubscribe",
  method: "post",
  summary: "Stop the mails an unsubscribe link is for (back in stock, cart reminders), without signing in",
  tag: "Accounts",
  access: "public",
  body: { schema: unsubscribeInput },
  ok: done("Unsubscribed"),
  errors: [404],
});
