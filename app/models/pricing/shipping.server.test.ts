import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { users } from "~/db/schema";
import { createUser } from "../../../tests/unit/fixtures";
import { saveShippingInfo, savedShippingInfo, shippingFormDefaults } from "./shipping.server";

const userOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
const UK = {
  recipientName: "Jane Doe",
  address: "10 Downing St",
  city: "London",
  state: "Greater London",
  phoneNo: "020 7946 0000",
  postalCode: "SW1A 2AA",
  country: "United Kingdom",
};

describe("the saved shipping info", () => {
  it("keeps the recipient and region for the next checkout", async () => {
    const id = await createUser("Account Owner");
    expect(shippingFormDefaults(await userOf(id))).toEqual({ recipientName: "Account Owner" });
    await saveShippingInfo(id, UK);
    expect(savedShippingInfo(await userOf(id))).toEqual(UK);
    await saveShippingInfo(id, { ...UK, state: undefined });
    expect(savedShippingInfo(await userOf(id))).toEqual({ ...UK, state: undefined });
  });

  it("sends an address saved before recipients were asked for to the account's owner", async () => {
    const id = await createUser("Early Buyer");
    await saveShippingInfo(id, UK);
    await commitTogether((tx) => tx.update(users).set({ shippingRecipientName: null }).where(eq(users.id, id)));
    expect(savedShippingInfo(await userOf(id))?.recipientName).toBe("Early Buyer");
  });

  it("refuses a country not on the list", async () => {
    await expect(saveShippingInfo(await createUser(), { ...UK, country: "Atlantis" })).rejects.toThrow(
      "Please choose a country from the list",
    );
  });
});
