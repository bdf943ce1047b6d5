import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { mailOptOuts, stockAlerts, users } from "~/db/schema";
import { createProduct, createUser } from "../../../tests/unit/fixtures";
import {
  isOptedOut,
  optOut,
  optOutWithToken,
  readUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from "./mail-opt-outs.server";
import { getUserById, updateProfile } from "~/models/accounts";

// The unsubscribe link of the mails a shopper asked for, on both engines: a token only the shop can
// make, and what following it through does.

beforeAll(() => followCatalogueVersion());

describe("unsubscribe tokens", () => {
  it("name the address (lower case) and the kind, and are read back", () => {
    const token = unsubscribeToken(" Ada@Example.com ", "backInStock");
    expect(token).toMatch(/^backInStock\.[\w-]+\.[\w-]{43}$/);
    expect(readUnsubscribeToken(token)).toEqual({ email: "ada@example.com", kind: "backInStock" });
    expect(unsubscribeUrl("ada@example.com", "cartReminder")).toMatch(/\/unsubscribe\/cartReminder\.[\w-]+\.[\w-]+$/);
  });

  it("are refused when changed, made for another address or kind, or not tokens at all", () => {
    const token = unsubscribeToken("ada@example.com", "backInStock");
    const [kind, email, mac] = token.split(".");
    const otherEmail = Buffer.from("bob@example.com").toString("base64url");
    for (const bad of [
      `${kind}.${otherEmail}.${mac}`,
      `cartReminder.${email}.${mac}`,
      `welcome.${email}.${mac}`,
      `${kind}.${email}.${mac.slice(0, -1)}`,
      `${kind}.${email}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `${token}.extra`,
      `${kind}..${mac}`,
      "",
      "x".repeat(2000),
      null,
      undefined,
    ])
      expect(readUnsubscribeToken(bad), String(bad)).toBeNull();
  });
});

describe("opting out", () => {
  it("of back-in-stock mails: recorded once, the address's pending alerts forgotten, others kept", async () => {
    const productId = await createProduct({ stock: 0 });
    await commitTogether(async (tx) => {
      await tx.insert(stockAlerts).values([
        { productId, email: "leaver@example.com", mailbox: "leaver@example.com" },
        { productId, email: "stayer@example.com", mailbox: "stayer@example.com" },
      ]);
    });
    const token = unsubscribeToken("leaver@example.com", "backInStock");
    expect(await optOutWithToken(token)).toEqual({ email: "leaver@example.com", kind: "backInStock" });
    expect(await optOutWithToken(token)).toEqual({ email: "leaver@example.com", kind: "backInStock" });
    expect(await isOptedOut("Leaver@Example.com", "backInStock")).toBe(true);
    expect(await isOptedOut("leaver@example.com", "cartReminder")).toBe(false);
    const left = await db
      .select({ email: stockAlerts.email })
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, productId));
    expect(left).toEqual([{ email: "stayer@example.com" }]);
    expect(await db.select().from(mailOptOuts).where(eq(mailOptOuts.email, "leaver@example.com"))).toHaveLength(1);
    expect(await optOutWithToken("backInStock.bm9ib2R5.bad")).toBeNull();
  });

  it("of cart reminders: the account with the address stops asking; asking again in the profile opts back in", async () => {
    const userId = await createUser("Rita Reminded");
    await commitTogether((tx) => tx.update(users).set({ cartReminders: true }).where(eq(users.id, userId)));
    const user = (await getUserById(userId))!;
    await optOut(user.email.toUpperCase(), "cartReminder");
    expect((await getUserById(userId))!.cartReminders).toBe(false);
    expect(await isOptedOut(user.email, "cartReminder")).toBe(true);

    const updated = await updateProfile(userId, { name: user.name, email: user.email, cartReminders: true }, null);
    expect(updated.cartReminders).toBe(true);
    expect(await isOptedOut(user.email, "cartReminder")).toBe(false);
    // Left out (the API without the field): as it was.
    expect((await updateProfile(userId, { name: "Rita", email: user.email }, null)).cartReminders).toBe(true);
    expect(
      (await updateProfile(userId, { name: "Rita", email: user.email, cartReminders: false }, null)).cartReminders,
    ).toBe(false);
  });
});
