import { describe, expect, it } from "vitest";
import { newOrderSchema, paymentProcessSchema } from "./order-schema";

const shippingInfo = {
  address: "1 Main St",
  city: "Springfield",
  phoneNo: "555 0100",
  postalCode: "12345",
  country: "United States",
};

describe("the order schemas read the specification's client", () => {
  it("takes its prices and quantities as numeric strings, and numbers for phone and postal code", () => {
    const parsed = newOrderSchema.parse({
      orderItems: [{ product: "p1", name: "Kindle", price: 149.99, image: "/x.png", stock: 4, quantity: "2" }],
      shippingInfo: { ...shippingInfo, phoneNo: 5550100, postalCode: 12345 },
      itemsPrice: "299.98",
      shippingPrice: 0,
      taxPrice: 15,
      totalPrice: "314.98",
      paymentInfo: { id: "pi_1", status: "succeeded" },
    });
    expect(parsed).toMatchObject({
      orderItems: [{ product: "p1", quantity: 2 }],
      itemsPrice: 299.98,
      totalPrice: 314.98,
    });
    expect(parsed.shippingInfo).toMatchObject({ phoneNo: "5550100", postalCode: "12345" });
    expect(paymentProcessSchema.parse({ amount: "31498" })).toEqual({ amount: 31498 });
  });

  it("refuses what is not a number, with a message", () => {
    const message = (input: unknown) => newOrderSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ paymentInfo: { id: "pi_1" }, totalPrice: "lots" })).toBe("totalPrice must be a number");
    expect(message({ paymentInfo: { id: "pi_1" }, orderItems: [{ product: "p1", quantity: "1.5" }] })).toBe(
      "The quantity must be a whole number",
    );
    expect(message({})).toBe("paymentInfo is required");
    expect(paymentProcessSchema.safeParse({ amount: "lots" }).error?.issues[0]?.message).toBe(
      "The amount must be a number of cents",
    );
    expect(paymentProcessSchema.safeParse({}).error?.issues[0]?.message).toBe("Please send the amount in cents");
  });
});
