import type { LoaderFunctionArgs } from "@remix-run/node";
import { shippingQuery } from "~/lib/api-inputs";
import { apiHandler, parseApiInput } from "~/web/api.server";
import { shippingTo, countryOfList } from "~/models/pricing";
import { describeRoute, ok } from "~/web/openapi/operations";
import { methodPayload } from "~/lib/api-payloads";
import { z } from "zod";

// GET /api/v1/shipping/methods?country=…&state=…: the methods to a country and the tax there, for a
// client that prices its own cart (the shop prices it again when the order is made).
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const query = parseApiInput(shippingQuery, Object.fromEntries(new URL(request.url).searchParams));
    return Response.json({ success: true, ...(await shippingTo(countryOfList(query.country), query.state)) });
  });
}

export const openapi = describeRoute(
  {
    path: "/shipping/methods",
    method: "get",
    summary: "The shipping methods to a country and the tax there, for a client that prices its own cart",
    tag: "Orders",
    access: "public",
    query: shippingQuery,
    ok: {
      status: 200,
      description: "The zone that ships there, its methods (the first is the default) and the tax",
      schema: ok({
        country: z.string().describe("The country as the shop's list names it"),
        zone: z.object({ _id: z.string(), name: z.string() }),
        methods: z.array(methodPayload),
        tax: z
          .object({ name: z.string(), rate: z.number(), included: z.boolean() })
          .nullable()
          .describe("null: no tax applies there"),
      }),
    },
    errors: [400],
  },
  { url: "/api/v1/shipping/methods?country=Germany" },
);
