import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { centsToDollars } from "~/lib/money";
import { totalPaidCents } from "~/models/after-sales";
import { requireApiAdmin } from "~/web/auth.server";
import { getShopSettings } from "~/models/settings";
import { listOrdersWithLines, orderJson } from "~/models/orders";
import { adminOperation, describeRoute, ok } from "~/web/openapi/operations";
import { orderPayload } from "~/lib/api-payloads";
import { z } from "zod";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { currency } = await getShopSettings();
    return Response.json({
      success: true,
      // Of the orders paid in the shop's currency (each order says its own).
      totalAmount: centsToDollars(await totalPaidCents(currency)),
      currency,
      orders: (await listOrdersWithLines()).map(orderJson),
    });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/orders",
    method: "get",
    summary: "Every order and the total paid",
    ok: {
      status: 200,
      description: "The orders",
      schema: ok({
        totalAmount: z
          .number()
          .describe("What the orders paid in the shop's currency brought in, less what was refunded of them"),
        currency: z.string().describe("The shop's currency (ISO 4217); each order names its own"),
        orders: z.array(orderPayload),
      }),
    },
  }),
);
