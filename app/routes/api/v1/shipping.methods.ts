import type { LoaderFunctionArgs } from "@remix-run/node";
import { shippingQuery } from "~/lib/api-inputs";
import { apiHandler, parseApiInput } from "~/web/api.server";
import { shippingTo, countryOfList } from "~/models/pricing";

// GET /api/v1/shipping/methods?country=…&state=…: the methods to a country and the tax there, for a
// client that prices its own cart (the shop prices it again when the order is made).
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const query = parseApiInput(shippingQuery, Object.fromEntries(new URL(request.url).searchParams));
    return Response.json({ success: true, ...(await shippingTo(countryOfList(query.country), query.state)) });
  });
}
