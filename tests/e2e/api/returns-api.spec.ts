import { expect, test, type APIRequest } from "../support/openapi-check";
import { DEMO_ADMIN, uniqueEmail } from "../support/accounts";
import { expectRefused } from "../support/api-refusals";
import { placeOrder } from "../support/orders";

// Returns through the API: the shopper's POST /api/v1/order/{id}/return and GET /api/v1/order/{id}
// (its returns, what may still be returned), the admin's POST /api/v1/admin/return/{id}. The demo
// shop takes returns for 30 days after delivery. Every answer is checked against the OpenAPI document.

const OIL = "Extra Virgin Olive Oil 1 L";

type ShopperOrder = {
  order: { _id: string; refundedPrice: number; paymentState: string };
  returns: { _id: string; status: string; items: { item: string; quantity: number }[]; refund: string | null }[];
  returnable: { until: string | null; problem: string | null; items: { item: string; returnable: number }[] };
};

async function signedIn(requests: APIRequest, baseURL: string | undefined, admin: boolean) {
  const context = await requests.newContext({ baseURL });
  if (admin) expect((await context.post("/api/v1/login", { data: DEMO_ADMIN })).status()).toBe(200);
  else {
    const account = { name: "Return Api Buyer", email: uniqueEmail("return-buyer"), password: "password-123" };
    expect((await context.post("/api/v1/register", { data: account })).status()).toBe(201);
  }
  return context;
}

test("a return asked, refused where it makes no sense, and taken through approve, receive and refund", async ({
  playwright,
  baseURL,
}) => {
  const buyer = await signedIn(playwright.request, baseURL, false);
  const stranger = await signedIn(playwright.request, baseURL, false);
  const admin = await signedIn(playwright.request, baseURL, true);
  const placed = await placeOrder(buyer, OIL, 2);
  const url = `/api/v1/order/${placed._id}/return`;
  const read = async () => (await (await buyer.get(`/api/v1/order/${placed._id}`)).json()) as ShopperOrder;

  let seen = await read();
  expect(seen.returnable).toMatchObject({ until: null, problem: "Items can be returned once the order is delivered." });
  const [line] = seen.returnable.items;
  expect(line.returnable).toBe(2);
  await expectRefused(
    await buyer.post(url, { data: { items: [{ item: line.item, quantity: 1 }], reason: "Too early" } }),
    409,
    "Items can be returned once the order is delivered.",
  );
  expect(
    (await admin.put(`/api/v1/admin/update/order/${placed._id}`, { data: { status: "Delivered" } })).status(),
  ).toBe(200);
  seen = await read();
  expect(seen.returnable.problem).toBeNull();
  expect(Date.parse(seen.returnable.until!) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

  // Bad input: the field's message.
  for (const [body, message] of [
    [{ reason: "No items" }, "Choose the items to return."],
    [{ items: [{ item: line.item, quantity: 1 }] }, "Say why you return them"],
    [
      { items: [{ item: line.item, quantity: -1 }], reason: "x" },
      "Enter how many to return as a whole number (0 or more)",
    ],
    [{ items: "all", reason: "x" }, "Send the items as a list of { item, quantity }"],
  ] as const) {
    await expectRefused(await buyer.post(url, { data: body }), 400, message);
  }
  await expectRefused(
    await buyer.post(url, { data: { items: [{ item: line.item, quantity: 3 }], reason: "Three?" } }),
    409,
    "Only 2 of Extra Virgin Olive Oil 1 L can be returned.",
  );
  await expectRefused(
    await buyer.post(url, { data: { items: [{ item: "not-a-line", quantity: 1 }], reason: "x" } }),
    400,
    "That item is not part of this order.",
  );
  // Someone else's order is as good as missing.
  await expectRefused(
    await stranger.post(url, { data: { items: [{ item: line.item, quantity: 1 }], reason: "x" } }),
    404,
    "Order not found",
  );

  const asked = await buyer.post(url, { data: { items: [{ item: line.item, quantity: 1 }], reason: "Cloudy" } });
  expect(asked.status()).toBe(201);
  const { return: made } = (await asked.json()) as { return: ShopperOrder["returns"][number] };
  expect(made).toMatchObject({ status: "requested", items: [{ item: line.item, quantity: 1 }], refund: null });

  // The admin's inbox: this return among those waiting (found by the order's number), with its order,
  // customer and items; for admins only, and a state it does not know is a 400.
  const inbox = async (query: Record<string, string>) =>
    admin.get(`/api/v1/admin/returns?${new URLSearchParams({ q: `#${placed.orderNumber}`, ...query })}`);
  expect(await (await inbox({ state: "waiting" })).json()).toEqual({
    success: true,
    count: 1,
    resPerPage: 10,
    returns: [
      {
        _id: made._id,
        status: "requested",
        reason: "Cloudy",
        createdAt: expect.any(String),
        order: { _id: placed._id, orderNumber: placed.orderNumber },
        customer: { name: "Return Api Buyer", email: expect.stringMatching(/^return-buyer-.*@example\.com$/) },
        items: [{ name: OIL, quantity: 1 }],
      },
    ],
  });
  await expectRefused(
    await buyer.get("/api/v1/admin/returns"),
    403,
    "Role (user) is not allowed to access this resource",
  );
  await expectRefused(
    await inbox({ state: "lost" }),
    400,
    "Choose the state: one of waiting, requested, approved, received, refunded, rejected",
  );
  await expectRefused(await inbox({ page: "0" }), 400, "The page is a whole number from 1");

  // The admin's steps: only in order; anyone else refused.
  const step = `/api/v1/admin/return/${made._id}`;
  await expectRefused(
    await buyer.post(step, { data: { action: "approve" } }),
    403,
    "Role (user) is not allowed to access this resource",
  );
  await expectRefused(
    await admin.post(step, { data: { action: "ship" } }),
    400,
    "Choose one of: approve, reject, receive, refund",
  );
  await expectRefused(
    await admin.post(step, { data: { action: "refund" } }),
    409,
    "This return is requested: it cannot be refunded.",
  );
  for (const [action, status] of [
    ["approve", "approved"],
    ["receive", "received"],
    ["refund", "refunded"],
  ] as const) {
    const moved = await admin.post(step, { data: { action } });
    expect(moved.status()).toBe(200);
    expect((await moved.json()).return.status).toBe(status);
  }
  await expectRefused(
    await admin.post("/api/v1/admin/return/none", { data: { action: "approve" } }),
    404,
    "Return not found",
  );

  expect((await (await inbox({ state: "waiting" })).json()).count).toBe(0);
  expect((await (await inbox({ state: "refunded" })).json()).returns.map((r: { _id: string }) => r._id)).toEqual([
    made._id,
  ]);

  seen = await read();
  expect(seen.returns).toHaveLength(1);
  expect(seen.returns[0]).toMatchObject({ status: "refunded", refund: expect.any(String) });
  expect(seen.order.paymentState).toBe("Partially refunded");
  expect(seen.order.refundedPrice).toBeGreaterThan(0);
  expect(seen.returnable.items[0].returnable).toBe(1);
  await Promise.all([buyer.dispose(), stranger.dispose(), admin.dispose()]);
});
