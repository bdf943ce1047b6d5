import { describe, expect, it } from "vitest";
import { flashedToast, redirectWithSuccess } from "./toast.server";

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

describe("flashedToast", () => {
  it("reads the flashed toast once and removes its cookie", async () => {
    const redirect = await redirectWithSuccess("/", "Saved");
    const cookie = cookieOf(redirect.headers.get("Set-Cookie")!);
    const { toast, headers } = await flashedToast(new Request("http://shop.test/", { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ type: "success", message: "Saved" });
    const cleared = headers!.get("Set-Cookie")!;
    expect(cleared).toMatch(/^shop_toast=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("neither reads nor sets a cookie when the request carries no toast", async () => {
    const answer = await flashedToast(new Request("http://shop.test/", { headers: { Cookie: "other=1" } }));
    expect(answer).toEqual({ toast: undefined, headers: undefined });
  });
});
