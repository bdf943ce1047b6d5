import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./zod-errors";
import {
  cancelInput,
  cancelSchema,
  cancelValidator,
  DEFAULT_CANCEL_REASON,
  NOTHING_TO_REFUND,
  quantityField,
  refundFormSchema,
  refundFormValues,
  refundInput,
  refundRequestOf,
  refundValidator,
} from "./refund-schema";

/** The first message of a failed parse, as the API answers it (parseApiInput), and its field's path. */
function refusal(input: unknown) {
  const result = refundInput("en-US").safeParse(input);
  if (result.success) throw new Error(`Parsed: ${JSON.stringify(result.data)}`);
  const [issue] = result.error.issues;
  return { message: issue.message, path: issue.path.join(".") };
}

const parsed = (input: unknown) => refundInput("en-US").parse(input);

describe("refundInput", () => {
  it("reads items, an amount in dollars, a trimmed reason, restock and a key; the rest has defaults", () => {
    expect(
      parsed({
        items: [{ item: "line1", quantity: 2 }],
        amount: "19.99",
        reason: "  Damaged in transit ",
        restock: true,
        key: " abc ",
      }),
    ).toEqual({
      items: [{ item: "line1", quantity: 2 }],
      amount: 19_99,
      reason: "Damaged in transit",
      restock: true,
      key: "abc",
    });
    expect(parsed({ items: [{ item: "line1", quantity: 1 }], reason: "Broken" })).toEqual({
      items: [{ item: "line1", quantity: 1 }],
      amount: null,
      reason: "Broken",
      restock: false,
      key: null,
    });
    expect(parsed({ amount: 5, reason: "Goodwill" })).toMatchObject({ items: [], amount: 5_00 });
  });

  it("takes amounts as people write them, as numbers or texts, with at most two decimals", () => {
    for (const [amount, cents] of [
      [10, 10_00],
      [12.5, 12_50],
      ["0.5", 50],
      [" 7 ", 7_00],
      ["19.99", 19_99],
      ["0.01", 1],
      ["1,50", 1_50],
      ["1,234.50", 1_234_50],
      [1_234_567.89, 1_234_567_89],
    ] as const)
      expect(parsed({ amount, reason: "x" }).amount, String(amount)).toBe(cents);
    // Empty or null: no amount (the items' share).
    for (const amount of ["", "  ", null, undefined])
      expect(parsed({ amount, items: [{ item: "a", quantity: 1 }], reason: "x" }).amount).toBeNull();
  });

  it("refuses an amount that is not more than 0 or not money, on the amount field", () => {
    for (const amount of [-5, "-5", "-0.01", 0, "0", "0.00"])
      expect(refusal({ amount, reason: "x" }), String(amount)).toEqual({
        message: "The amount must be more than 0",
        path: "amount",
      });
    for (const [amount, message] of [
      ["abc", "The amount must be an amount such as 25 or 19.99"],
      ["1e3", "The amount must be an amount such as 25 or 19.99"],
      ["1.234", 'The amount "1.234" is unclear: write 1,234.00 for 1,234, or at most two decimals'],
      [0.001, "The amount can have at most two decimals, such as 19.99"],
      ["12345678", "The amount must be less than 10,000,000"],
      [true, "Enter the amount as a number such as 10 or 19.99"],
      [{ value: 1 }, "Enter the amount as a number such as 10 or 19.99"],
      [[1], "Enter the amount as a number such as 10 or 19.99"],
    ] as const)
      expect(refusal({ amount, reason: "x" }), JSON.stringify(amount)).toEqual({ message, path: "amount" });
  });

  it("reads a text amount as the shop's locale writes money", () => {
    const german = (amount: string) => refundInput("de-DE").parse({ amount, reason: "x" }).amount;
    expect(german("39,90")).toBe(39_90);
    expect(german("39.90")).toBe(39_90);
    expect(german("1.099,00")).toBe(1_099_00);
    expect(refundInput("de-DE").safeParse({ amount: true, reason: "x" }).error?.issues[0].message).toBe(
      "Enter the amount as a number such as 10 or 19,99",
    );
  });

  it("needs items with a positive quantity or an amount: said on the amount field", () => {
    const nothing = { message: NOTHING_TO_REFUND, path: "amount" };
    expect(NOTHING_TO_REFUND).toBe("Choose the items to refund or enter an amount.");
    expect(refusal({ reason: "x" })).toEqual(nothing);
    expect(refusal({ reason: "x", items: [], amount: "" })).toEqual(nothing);
    expect(refusal({ reason: "x", items: [{ item: "a", quantity: 0 }] })).toEqual(nothing);
    expect(
      parsed({
        reason: "x",
        items: [
          { item: "a", quantity: 0 },
          { item: "b", quantity: "1" },
        ],
      }).items,
    ).toEqual([
      { item: "a", quantity: 0 },
      { item: "b", quantity: 1 },
    ]);
  });

  it("needs whole quantities of 0 or more, each item once", () => {
    const quantity = "Enter how many to refund as a whole number (0 or more)";
    for (const value of [-1, "-1", 1.5, "x", "", null, undefined, "1234567"])
      expect(refusal({ reason: "x", items: [{ item: "a", quantity: value }] }), String(value)).toEqual({
        message: quantity,
        path: "items.0.quantity",
      });
    expect(refusal({ reason: "x", items: [{ quantity: 1 }] })).toEqual({
      message: "Name the item to refund",
      path: "items.0.item",
    });
    expect(refusal({ reason: "x", items: "a" }).message).toBe("Send the items as a list of { item, quantity }");
    expect(
      refusal({
        reason: "x",
        items: [
          { item: "a", quantity: 1 },
          { item: "a", quantity: 1 },
        ],
      }),
    ).toEqual({ message: "Name each item once", path: "items.1.item" });
  });

  it("needs a reason of at most 500 characters", () => {
    const items = [{ item: "a", quantity: 1 }];
    for (const reason of [undefined, "", "   ", 5])
      expect(refusal({ items, reason }), String(reason)).toEqual({ message: "Say why you refund", path: "reason" });
    expect(refusal({ items, reason: "x".repeat(501) })).toEqual({
      message: "The reason can be at most 500 characters",
      path: "reason",
    });
    expect(parsed({ items, reason: ` ${"x".repeat(500)} ` }).reason).toHaveLength(500);
  });

  it("reads restock as the other yes/no fields do, and a key of at most 100 characters", () => {
    const base = { amount: 1, reason: "x" };
    for (const restock of [true, "on", "true"]) expect(parsed({ ...base, restock }).restock).toBe(true);
    for (const restock of [false, "off", "", undefined, "yes"])
      expect(parsed({ ...base, restock }).restock).toBe(false);
    expect(parsed({ ...base, key: "" }).key).toBeNull();
    expect(parsed({ ...base, key: null }).key).toBeNull();
    expect(parsed({ ...base, key: "k".repeat(100) }).key).toHaveLength(100);
    expect(refusal({ ...base, key: "k".repeat(101) })).toEqual({
      message: "The key can be at most 100 characters",
      path: "key",
    });
    expect(refusal({ ...base, key: 7 })).toEqual({ message: "The key must be a text", path: "key" });
  });
});

describe("refundRequestOf", () => {
  it("gives the model the items with a quantity, the amount in cents or null, and the client's key kept apart", () => {
    expect(
      refundRequestOf(
        parsed({
          items: [
            { item: "a", quantity: 2 },
            { item: "b", quantity: 0 },
          ],
          reason: "Broken",
          restock: "on",
          key: "form-1",
        }),
      ),
    ).toEqual({
      lines: [{ lineId: "a", quantity: 2 }],
      amountCents: null,
      reason: "Broken",
      restock: true,
      requestKey: "request:form-1",
    });
    expect(refundRequestOf(parsed({ amount: "12.30", reason: "Goodwill" }))).toEqual({
      lines: [],
      amountCents: 12_30,
      reason: "Goodwill",
      restock: false,
      requestKey: null,
    });
    // A client's key never names a refund the shop keyed itself (a cancellation's "cancel:…").
    expect(refundRequestOf(parsed({ amount: 1, reason: "x", key: "cancel:o1:100:0" })).requestKey).toBe(
      "request:cancel:o1:100:0",
    );
  });
});

describe("the refund form", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it("refundFormValues makes each qty_<lineId> field an item; an empty one is none", () => {
    expect(quantityField("abc")).toBe("qty_abc");
    const values = refundFormValues(
      form([
        ["qty_line1", "2"],
        ["qty_line2", ""],
        ["qty_line3", "0"],
        ["amount", ""],
        ["reason", "Broken"],
        ["restock", "on"],
        ["key", "k1"],
      ]),
    );
    expect(values).toEqual({
      items: [
        { item: "line1", quantity: "2" },
        { item: "line3", quantity: "0" },
      ],
      amount: "",
      reason: "Broken",
      restock: "on",
      key: "k1",
    });
    expect(refundFormValues({ qty_a: "1", qty_: "3", qty_b: " ", reason: "x" })).toEqual({
      items: [{ item: "a", quantity: "1" }],
      reason: "x",
    });
    // No quantity field: the values as they are.
    expect(refundFormValues({ amount: "5", reason: "x" })).toEqual({ amount: "5", reason: "x" });
  });

  it("refundFormSchema parses the form's values as refundInput does", () => {
    expect(
      refundFormSchema("en-US").parse({ qty_a: "1", qty_b: "", amount: "", reason: " Broken ", restock: "on" }),
    ).toEqual({
      items: [{ item: "a", quantity: 1 }],
      amount: null,
      reason: "Broken",
      restock: true,
      key: null,
    });
  });

  it("puts each message on its own field: a quantity on qty_<lineId>, nothing chosen on amount", () => {
    const errors = (values: Record<string, string>) => {
      const result = refundFormSchema("en-US").safeParse(values);
      if (result.success) throw new Error("Parsed");
      return fieldErrorsOf(result.error);
    };
    expect(errors({ qty_a: "0", qty_b: "-1", reason: "x" })).toEqual({
      qty_b: "Enter how many to refund as a whole number (0 or more)",
    });
    expect(errors({ qty_a: "0", qty_b: "", amount: "", reason: "x" })).toEqual({ amount: NOTHING_TO_REFUND });
    expect(errors({ qty_a: "1", amount: "-3", reason: "" })).toEqual({
      amount: "The amount must be more than 0",
      reason: "Say why you refund",
    });
  });

  it("through the validator, as the page uses it, with a FormData", async () => {
    const bad = await refundValidator("en-US").validate(
      form([
        ["qty_a", "1.5"],
        ["reason", ""],
      ]),
    );
    expect(bad.error?.fieldErrors).toEqual({
      qty_a: "Enter how many to refund as a whole number (0 or more)",
      reason: "Say why you refund",
    });
    const good = await refundValidator("en-US").validate(
      form([
        ["qty_a", "2"],
        ["reason", "Broken"],
        ["key", "k"],
      ]),
    );
    expect(good.data).toEqual({
      items: [{ item: "a", quantity: 2 }],
      amount: null,
      reason: "Broken",
      restock: false,
      key: "k",
    });
  });
});

describe("cancelling", () => {
  it("the API's cancelInput writes a reason of its own when none is given", () => {
    for (const body of [{}, { reason: undefined }, { reason: null }, { reason: "" }, { reason: "  " }])
      expect(cancelInput.parse(body), JSON.stringify(body)).toEqual({ reason: DEFAULT_CANCEL_REASON });
    expect(DEFAULT_CANCEL_REASON).toBe("Cancelled by the shop");
    expect(cancelInput.parse({ reason: "  Out of stock " })).toEqual({ reason: "Out of stock" });
    const long = cancelInput.safeParse({ reason: "x".repeat(501) });
    expect(long.success || long.error.issues[0].message).toBe("The reason can be at most 500 characters");
    const wrong = cancelInput.safeParse({ reason: 5 });
    expect(wrong.success || wrong.error.issues[0].message).toBe("Say why you cancel the order");
  });

  it("the admin's form needs a reason", async () => {
    expect(cancelSchema.parse({ reason: " Customer asked " })).toEqual({ reason: "Customer asked" });
    for (const reason of [undefined, "", "   "]) {
      const result = cancelSchema.safeParse({ reason });
      expect(result.success || fieldErrorsOf(result.error)).toEqual({ reason: "Say why you cancel the order" });
    }
    const data = new FormData();
    data.append("reason", "");
    expect((await cancelValidator.validate(data)).error?.fieldErrors).toEqual({
      reason: "Say why you cancel the order",
    });
  });
});
