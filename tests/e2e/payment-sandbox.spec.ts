import { expect, test, type Page } from "@playwright/test";
import { watchPolicyViolations } from "./support/policy-violations";
import { payWith, readyToPay } from "./support/shopping";

// The built-in payment sandbox seen from another machine: every page a shopper's browser is sent
// to while paying, the bank's 3D Secure check included, is under the shop's own origin
// (PUBLIC_URL), never the sandbox's loopback port. Here the shop is 127.0.0.1:<port> and the
// sandbox listens on another port of it: a page or request there would be one the other machine
// could not reach.

/** Every page the browser shows (each frame navigation) and every request it makes, from now on (from the payment page). */
function recordTraffic(page: Page) {
  const pages: string[] = [];
  const requests: string[] = [];
  page.on("framenavigated", (frame) => pages.push(frame.url()));
  page.on("request", (request) => requests.push(request.url()));
  return { pages, requests };
}

test("a 3D Secure card: every page and request of the payment is on the shop's origin, and completing the check pays the order", async ({
  page,
  baseURL,
}) => {
  const shop = new URL(baseURL!).origin;
  const elsewhere = (url: string) => new URL(url).origin !== shop;
  const violations = await watchPolicyViolations(page);
  const total = await readyToPay(page, "Faraway Fay");
  const traffic = recordTraffic(page);
  await payWith(page, "4000 0025 0000 3155");

  // The bank's check, from the sandbox, under the shop's origin and its Content-Security-Policy.
  await expect(page).toHaveTitle(`Authenticate ${total} — payment sandbox`);
  expect(page.url()).toMatch(new RegExp(`^${shop}/_sandbox/authenticate/pi_\\w+$`));
  await page.getByRole("button", { name: "Complete authentication" }).click();

  await expect(page).toHaveURL(/\/success\?order=/);
  const orderId = new URL(page.url()).searchParams.get("order");
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("PAID");
  await expect(page.getByTestId("order-amount")).toHaveText(total);

  expect(traffic.pages.filter((url) => url.startsWith(`${shop}/_sandbox/authenticate/`)).length).toBeGreaterThan(0);
  expect(traffic.pages.filter(elsewhere)).toEqual([]);
  expect(traffic.requests.filter(elsewhere)).toEqual([]);
  expect(violations).toEqual([]);
});

test("a failed check on the shop's origin sends the buyer back to pay again, and the order stays unpaid", async ({
  page,
  baseURL,
}) => {
  const shop = new URL(baseURL!).origin;
  await readyToPay(page, "Doubtful Dan");
  const traffic = recordTraffic(page);
  await payWith(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page).toHaveURL(`${shop}/payment`);
  await expect(page.getByTestId("toast")).toContainText("We are unable to authenticate your payment method.");
  expect(traffic.pages.filter((url) => new URL(url).origin !== shop)).toEqual([]);
  await page.goto("/orders/me");
  await expect(page.getByText("No matching records found")).toBeVisible();
});
