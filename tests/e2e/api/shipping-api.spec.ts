import { expect, test } from "../support/openapi-check";
import { DEMO_ADMIN, DEMO_SHOPPER } from "../support/accounts";
import { fuzzAsAdmin } from "../support/admin-fuzz";
import { expectRefused } from "../support/api-refusals";
import { confirmAsStripeJs } from "../support/orders";
import { startOwnShop } from "../support/own-shop";
import { SHIPPING } from "../support/shopping";

// Shipping and tax by region through /api/v1, on a shop of the test's own (its rules price every
// checkout): the owner's zones, methods and rates, a client pricing its cart with them, and the order.

test("an owner's zones, methods and tax rates price a client's order; a country no zone covers is refused", async ({
  playwright,
}) => {
  test.setTimeout(150_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const anyone = await playwright.request.newContext({ baseURL: shop.base });
  const shopper = await playwright.request.newContext({ baseURL: shop.base });
  const admin = await playwright.request.newContext({ baseURL: shop.base });
  try {
    // A new shop: the specification's rules everywhere.
    expect(await (await anyone.get("/api/v1/shipping/methods?country=France")).json()).toEqual({
      success: true,
      country: "France",
      zone: { _id: expect.any(String), name: "Everywhere" },
      methods: [
        {
          _id: expect.any(String),
          zoneId: expect.any(String),
          name: "Standard",
          kind: "flat",
          price: 25,
          freeOver: 200,
          bands: [],
        },
      ],
      tax: { name: "Tax", rate: 5, included: false },
    });
    await expectRefused(await anyone.get("/api/v1/shipping/methods"), 400, "Please send the country");
    await expectRefused(
      await anyone.get("/api/v1/shipping/methods?country=Atlantis"),
      400,
      "Please choose a country from the list",
    );
    // Any of a country's English names.
    expect((await (await anyone.get("/api/v1/shipping/methods?country=United%20States")).json()).country).toBe(
      "United States of America",
    );

    await expectRefused(
      await anyone.post("/api/v1/admin/shipping-zone/new", { data: { name: "EU", countries: ["Germany"] } }),
      401,
      "Login first to access this resource.",
    );
    await shopper.post("/api/v1/login", { data: DEMO_SHOPPER });
    await expectRefused(
      await shopper.get("/api/v1/admin/shipping"),
      403,
      "Role (user) is not allowed to access this resource",
    );
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });

    // Each field checked, with its message.
    for (const [url, body, status, message] of [
      ["/api/v1/admin/shipping-zone/new", {}, 400, "Enter the zone's name"],
      [
        "/api/v1/admin/shipping-zone/new",
        { name: "EU", countries: [] },
        400,
        "Choose the countries this zone ships to",
      ],
      ["/api/v1/admin/shipping-zone/new", { name: "EU", countries: ["Narnia"] }, 400, "Choose countries from the list"],
      [
        "/api/v1/admin/shipping-zone/new",
        { name: "EU", countries: "*" },
        409,
        "Already in another zone: Every other country (Everywhere). Take them out of it first.",
      ],
      [
        "/api/v1/admin/shipping-method/new",
        { zoneId: "nope", name: "Post", kind: "flat", price: 5 },
        400,
        "Choose one of the shop's zones",
      ],
      [
        "/api/v1/admin/tax-rate/new",
        { country: "Germany", name: "VAT", rate: "nineteen" },
        400,
        "Enter a percentage from 0 to 100, such as 19 or 7.25",
      ],
    ] as const)
      await expectRefused(await admin.post(url, { data: body }), status, message);

    const zone = (
      await (
        await admin.post("/api/v1/admin/shipping-zone/new", {
          data: { name: "DACH", countries: ["Germany", "Austria"] },
        })
      ).json()
    ).zone;
    expect(zone).toEqual({ _id: expect.any(String), name: "DACH", countries: ["Austria", "Germany"], methods: [] });
    await expectRefused(
      await admin.post("/api/v1/admin/shipping-method/new", {
        data: { zoneId: zone._id, name: "Parcel", kind: "weight", bands: [] },
      }),
      400,
      "Enter at least one band's price",
    );
    const post = await admin.post("/api/v1/admin/shipping-method/new", {
      data: { zoneId: zone._id, name: "Post", kind: "flat", price: "4.90", freeOver: 100 },
    });
    expect(post.status()).toBe(201);
    const postMethod = (await post.json()).method;
    const parcel = (
      await (
        await admin.post("/api/v1/admin/shipping-method/new", {
          data: {
            zoneId: zone._id,
            name: "Parcel",
            kind: "value",
            bands: [
              { upTo: 50, price: 9 },
              { upTo: null, price: 6 },
            ],
          },
        })
      ).json()
    ).method;
    expect(parcel).toMatchObject({
      kind: "value",
      price: null,
      freeOver: null,
      bands: [
        { upTo: 50, price: 9 },
        { upTo: null, price: 6 },
      ],
    });
    await expectRefused(
      await admin.post("/api/v1/admin/shipping-method/new", {
        data: { zoneId: zone._id, name: "Post", kind: "flat", price: 1 },
      }),
      409,
      "This zone has a method of this name: choose another",
    );
    const vat = await admin.post("/api/v1/admin/tax-rate/new", {
      data: { country: "Germany", name: "MwSt", rate: 19 },
    });
    expect(await vat.json()).toEqual({
      success: true,
      taxRate: { _id: expect.any(String), country: "Germany", region: "*", name: "MwSt", rate: 19 },
    });
    const renamed = await admin.put(`/api/v1/admin/tax-rate/${(await vat.json()).taxRate._id}`, {
      data: { country: "Germany", name: "VAT", rate: "19" },
    });
    expect((await renamed.json()).taxRate.name).toBe("VAT");
    const rules = await (await admin.get("/api/v1/admin/shipping")).json();
    expect(
      rules.zones.map((z: { name: string; methods: { name: string }[] }) => [z.name, z.methods.map((m) => m.name)]),
    ).toEqual([
      ["Everywhere", ["Standard"]],
      ["DACH", ["Post", "Parcel"]],
    ]);
    expect(rules.taxRates.map((r: { country: string; rate: number }) => [r.country, r.rate])).toEqual([
      ["*", 5],
      ["Germany", 19],
    ]);

    // A client prices its cart for Germany, pays, and names the method with its order.
    const germany = await (await anyone.get("/api/v1/shipping/methods?country=Germany")).json();
    expect(germany.methods.map((m: { name: string }) => m.name)).toEqual(["Post", "Parcel"]);
    expect(germany.tax).toEqual({ name: "VAT", rate: 19, included: false });
    const product = (await (await anyone.get("/api/v1/products?keyword=JBL")).json()).products[0];
    const itemsCents = Math.round(product.price * 100);
    const parcelCents = itemsCents > 50_00 ? 6_00 : 9_00;
    const totalCents = itemsCents + parcelCents + Math.floor((itemsCents * 1900 + 5000) / 10000);
    const processed = await shopper.post("/api/v1/payment/process", { data: { amount: totalCents } });
    expect(processed.status()).toBe(200);
    const { intentId } = await confirmAsStripeJs(shopper, (await processed.json()).client_secret);
    const order = {
      paymentInfo: { id: intentId, status: "succeeded" },
      orderItems: [{ product: product._id, quantity: 1 }],
      shippingInfo: { ...SHIPPING, country: "Germany" },
    };
    await expectRefused(
      await shopper.post("/api/v1/order/new", { data: { ...order, shippingMethod: "nope" } }),
      400,
      `Choose one of the shipping methods to Germany: Post (${postMethod._id}), Parcel (${parcel._id}). Your payment of $${(totalCents / 100).toFixed(2)} was refunded.`,
    );

    // Paid again, for the right method this time.
    const again = await shopper.post("/api/v1/payment/process", { data: { amount: totalCents } });
    const paid = await confirmAsStripeJs(shopper, (await again.json()).client_secret);
    const created = await shopper.post("/api/v1/order/new", {
      data: { ...order, paymentInfo: { id: paid.intentId, status: "succeeded" }, shippingMethod: parcel._id },
    });
    expect(created.status()).toBe(201);
    expect((await created.json()).order).toMatchObject({
      shippingPrice: parcelCents / 100,
      shippingMethod: "Parcel",
      tax: { name: "VAT", rate: 19, included: false },
      totalPrice: totalCents / 100,
    });

    // Without the zone for every other country, the shop ships only where a zone names.
    const removed = await admin.delete(`/api/v1/admin/shipping-zone/${rules.zones[0]._id}`);
    expect(await removed.json()).toEqual({ success: true, message: "Shipping zone deleted" });
    await expectRefused(
      await admin.delete(`/api/v1/admin/shipping-zone/${rules.zones[0]._id}`),
      404,
      "Shipping zone not found",
    );
    await expectRefused(
      await anyone.get("/api/v1/shipping/methods?country=Mexico"),
      400,
      "Sorry, we do not ship to Mexico.",
    );
    // A client cart paid for Mexico all the same: no order, and the payment goes back.
    const chile = await shopper.post("/api/v1/payment/process", { data: { amount: 50_00 } });
    const chilePaid = await confirmAsStripeJs(shopper, (await chile.json()).client_secret);
    await expectRefused(
      await shopper.post("/api/v1/order/new", {
        data: {
          ...order,
          paymentInfo: { id: chilePaid.intentId, status: "succeeded" },
          shippingInfo: { ...SHIPPING, country: "Mexico" },
        },
      }),
      400,
      "Sorry, we do not ship to Mexico. Your payment of $50.00 was refunded.",
    );

    // The fuzz corpus, as an admin, where a well-formed body adds a rule (on the shared shop it goes
    // anonymously: fuzz.spec.ts).
    const fuzzed = await fuzzAsAdmin(shop.base, [
      "/api/v1/admin/shipping-zone/new",
      "/api/v1/admin/shipping-method/new",
      "/api/v1/admin/tax-rate/new",
      "/admin/shipping-zone/new",
      "/admin/shipping-method/new",
      "/admin/tax-rate/new",
    ]);
    expect(fuzzed).toEqual({ serverErrors: [], closedEarly: [], undocumented: [] });
  } finally {
    await Promise.all([anyone.dispose(), shopper.dispose(), admin.dispose()]);
    await shop.stop();
  }
});
