import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_ADMIN } from "./accounts";

/** The demo admin's API context on the shop at `baseURL` (dispose it when done). */
export async function adminApi(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  const admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect(login.status()).toBe(200);
  return admin;
}

export type ApiDiscount = {
  _id: string;
  code: string | null;
  timesUsed: number;
  paidOrders: number;
  discounted: number;
};

/**
 * A discount made through the admin API. A code changes no one else's cart, so codes unique to the
 * test may be made on the shared shop; an automatic promotion may not (it prices every cart).
 */
export async function createDiscount(admin: APIRequestContext, fields: Record<string, unknown>): Promise<ApiDiscount> {
  const created = await admin.post("/api/v1/admin/discount/new", { data: fields });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).discount;
}

/** A code no other test or project uses: `prefix` and the time. */
export const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
