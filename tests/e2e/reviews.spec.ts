import { expect, test, type Page } from "@playwright/test";
import { productNamed } from "./helpers";
import { registerViaApi } from "./support/accounts";

/** The product page's "(1 review)", "(3 reviews)". */
const reviewCount = (n: number) => (n === 1 ? "(1 review)" : `(${n} reviews)`);

/** With JavaScript the form sits in a modal opened by a button; without, it is on the page. */
async function openReviewForm(page: Page, title: string) {
  if (test.info().project.name === "js") await page.getByRole("button", { name: title }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

test("a signed-in shopper posts a review, then updates it; the average follows", async ({ page, request }) => {
  // One product per project, as the js and no-js runs go in parallel.
  const name = test.info().project.name === "js" ? "Instax Mini 12 Instant Camera" : "GoPro HERO12 Black";
  const before = await productNamed(request, name);
  const reviewer = await registerViaApi(page, "Rae Viewer");
  await page.goto(`/product/${before._id}`);
  await openReviewForm(page, "Submit Your Review");

  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("Please choose a rating")).toBeVisible();
  await expect(page.getByText("Please write a comment")).toBeVisible();

  await page.getByLabel("Comment").fill("Fun little camera.");
  await page.getByTitle("1 star", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "1 star", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Review posted");
  const afterFirst = await productNamed(request, before.name);
  expect(afterFirst.numOfReviews).toBe(before.numOfReviews + 1);
  const expected = (before.ratings * before.numOfReviews + 1) / (before.numOfReviews + 1);
  expect(afterFirst.ratings).toBeCloseTo(expected, 1);
  await expect(
    page.getByTestId("product-summary").getByText(reviewCount(before.numOfReviews + 1), { exact: true }),
  ).toBeVisible();

  // Posting again updates the same review.
  await openReviewForm(page, "Update Your Review");
  await expect(page.getByLabel("Comment")).toHaveValue("Fun little camera.");
  await page.getByTitle("5 stars", { exact: true }).click();
  await page.getByLabel("Comment").fill("Grew on me: five stars.");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Review posted");
  // The first post's toast may still be on screen, so the update may land a moment later.
  await expect
    .poll(async () => (await productNamed(request, before.name)).ratings)
    .toBeCloseTo((before.ratings * before.numOfReviews + 5) / (before.numOfReviews + 1), 1);
  const afterSecond = await productNamed(request, before.name);
  expect(afterSecond.numOfReviews).toBe(before.numOfReviews + 1);

  // Others see it in the list of reviews.
  const others = await (await request.get(`/api/v1/reviews?id=${before._id}`)).json();
  expect(others.reviews.find((r: { name: string }) => r.name === reviewer.name)).toMatchObject({
    rating: 5,
    comment: "Grew on me: five stars.",
  });
});
