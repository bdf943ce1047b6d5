import { expect, type APIResponse } from "@playwright/test";

/** An /api/v1 refusal: its status, and the API's shape with the message a client shows. */
export async function expectRefused(response: APIResponse, status: number, message: string) {
  expect(response.status()).toBe(status);
  expect(await response.json()).toEqual({ success: false, message });
}
