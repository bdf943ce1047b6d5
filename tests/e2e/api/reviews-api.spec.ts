import { expect, test } from "../support/openapi-check";
import { productNamed } from "../helpers";
import { DEMO_ADMIN, uniqueEmail } from "../support/accounts";

test("review calls: PUT /review, GET /reviews, DELETE /reviews with the rating recomputed", async ({
  request,
  playwright,
  baseURL,
}) => {
  const product = await productNamed(request, "Manduka PRO Yoga Mat 6 mm");
  expect(
    (await request.put("/api/v1/review", { data: { rating: 4, comment: "x", productId: product._id } })).status(),
  ).toBe(401);
  await request.post("/api/v1/register", {
    data: { name: "Api Reviewer", email: uniqueEmail(), password: "password-123" },
  });

  for (const [data, message] of [
    [{ rating: 0, comment: "x", productId: product._id }, "Please choose a rating from 1 to 5"],
    [{ rating: 3, comment: " ", productId: product._id }, "Please write a comment"],
    [{ rating: 3, comment: "ok" }, "Please send the productId"],
  ] as const) {
    const response = await request.put("/api/v1/review", { data });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe(message);
  }
  expect(
    (await request.put("/api/v1/review", { data: { rating: 3, comment: "ok", productId: "nope" } })).status(),
  ).toBe(404);
  expect(
    await (
      await request.put("/api/v1/review", { data: { rating: 2, comment: "Slippery", productId: product._id } })
    ).json(),
  ).toEqual({ success: true });

  const listed = await (await request.get(`/api/v1/reviews?id=${product._id}`)).json();
  const mine = listed.reviews.find((r: { comment: string }) => r.comment === "Slippery");
  expect(mine).toMatchObject({ rating: 2, name: "Api Reviewer", productId: product._id });
  expect((await request.get("/api/v1/reviews")).status()).toBe(400);
  expect((await request.get("/api/v1/reviews?id=nope")).status()).toBe(404);

  expect((await request.delete(`/api/v1/reviews?id=${mine._id}&productId=${product._id}`)).status()).toBe(403);
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const deleted = await admin.delete(`/api/v1/reviews?id=${mine._id}&productId=${product._id}`);
  expect(await deleted.json()).toEqual({ success: true, message: "Review deleted successfully" });
  expect((await admin.delete(`/api/v1/reviews?id=${mine._id}&productId=${product._id}`)).status()).toBe(404);
  const after = await productNamed(request, product.name);
  expect(after.numOfReviews).toBe(product.numOfReviews);
  expect(after.ratings).toBeCloseTo(product.ratings, 5);
  await admin.dispose();
});
