import { describe, expect, it } from "vitest";
import { optionsSchema, variantsSchema } from "./variant-schema";
import {
  chooseVariant,
  combinations,
  defaultVariant,
  lineName,
  pricesDiffer,
  productTotals,
  valueStates,
  type ProductOption,
} from "./variants";

const MEMORY: ProductOption = { name: "Memory", values: ["8 GB", "16 GB"] };
const COLOUR: ProductOption = { name: "Colour", values: ["Silver", "Black"] };
const variant = (id: string, optionValues: string[], stock: number, priceCents = 100) => ({
  id,
  optionValues,
  title: optionValues.join(" / "),
  sku: null,
  priceCents,
  stock,
  imageUrl: null,
});

// 8 GB / Silver sold out, 16 GB / Black not made.
const VARIANTS = [
  variant("a", ["8 GB", "Silver"], 0, 499_00),
  variant("b", ["8 GB", "Black"], 3, 499_00),
  variant("c", ["16 GB", "Silver"], 2, 649_00),
];

describe("variants", () => {
  it("are the combinations of the options, the first option varying slowest", () => {
    expect(combinations([MEMORY, COLOUR])).toEqual([
      ["8 GB", "Silver"],
      ["8 GB", "Black"],
      ["16 GB", "Silver"],
      ["16 GB", "Black"],
    ]);
    expect(combinations([])).toEqual([]);
  });

  it("show the first in stock unless one is asked for, by id or by values", () => {
    expect(defaultVariant(VARIANTS)?.id).toBe("b");
    expect(chooseVariant([MEMORY, COLOUR], VARIANTS, {})).toEqual({ values: ["8 GB", "Black"], variant: VARIANTS[1] });
    expect(chooseVariant([MEMORY, COLOUR], VARIANTS, { variantId: "c" }).variant?.id).toBe("c");
    // A value asked for is kept; the option not asked for keeps the default's.
    expect(chooseVariant([MEMORY, COLOUR], VARIANTS, { values: ["16 GB", null] })).toEqual({
      values: ["16 GB", "Black"],
      variant: null,
    });
    // A value the option does not have is ignored.
    expect(chooseVariant([MEMORY, COLOUR], VARIANTS, { values: ["64 GB", "Silver"] }).variant?.id).toBe("a");
  });

  it("say of each value whether, with the other choices, it is in stock, sold out or not made", () => {
    expect(valueStates([MEMORY, COLOUR], VARIANTS, ["8 GB", "Black"])).toEqual([
      ["available", "unavailable"],
      ["sold-out", "available"],
    ]);
  });

  it("give the product the lowest price and the total stock, and a list says 'from' when prices differ", () => {
    expect(productTotals(VARIANTS)).toEqual({ priceCents: 499_00, stock: 5 });
    expect(productTotals([])).toBeNull();
    expect(pricesDiffer(VARIANTS)).toBe(true);
    expect(pricesDiffer(VARIANTS.slice(0, 2))).toBe(false);
    expect(lineName("Laptop", "16 GB / Silver")).toBe("Laptop (16 GB / Silver)");
    expect(lineName("Mouse", null)).toBe("Mouse");
  });
});

describe("the options form", () => {
  const messages = (input: unknown) => {
    const result = optionsSchema.safeParse(input);
    return result.success ? result.data : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("takes values separated by commas (or a list), and ignores empty rows", () => {
    expect(
      messages({
        options: [
          { name: " Memory ", values: "8 GB, 16 GB ," },
          { name: "", values: "" },
          { name: "Colour", values: ["Silver", "Black"] },
        ],
      }),
    ).toEqual([MEMORY, COLOUR]);
    expect(messages({ options: [] })).toEqual([]);
  });

  it("says what is wrong with a row, in words", () => {
    expect(messages({ options: [{ name: "", values: "a, b" }] })).toEqual([
      ["options[0].name", "Name this option, such as Memory or Colour"],
    ]);
    expect(messages({ options: [{ name: "Size", values: " , " }] })).toEqual([
      ["options[0].values", "Enter this option's values, separated by commas"],
    ]);
    expect(messages({ options: [{ name: "Size", values: "S, s" }] })).toEqual([
      ["options.0.values", "Each value once"],
    ]);
    expect(messages({ options: [{ name: "Size", values: "1/2" }] })).toEqual([
      ["options.0.values.0", "A value cannot hold a slash (/)"],
    ]);
    expect(
      messages({
        options: [
          { name: "Size", values: "S" },
          { name: "size", values: "M" },
        ],
      }),
    ).toEqual([["options[1].name", "Each option needs a name of its own"]]);
    const many = (name: string) => ({ name, values: "1,2,3,4,5,6,7,8,9,10" });
    expect(messages({ options: [many("A"), many("B"), many("C")] })).toEqual([
      ["options[0].values", "These options make 1000 combinations; at most 100"],
    ]);
  });
});

describe("the variants form", () => {
  const schema = (fromForm: boolean) => variantsSchema([MEMORY], { fromForm, locale: "en-US" });
  const messages = (input: unknown, fromForm = true) => {
    const result = schema(fromForm).safeParse(input);
    return result.success ? result.data : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("keeps the ticked rows (the API: every row), prices in cents", () => {
    expect(
      messages({
        variants: [
          { title: "8 GB", offered: "on", price: "499.5", stock: "3", sku: " L8 " },
          { title: "16 GB", price: "649", stock: "0" },
        ],
      }),
    ).toEqual([{ values: ["8 GB"], sku: "L8", priceCents: 499_50, stock: 3, image: null }]);
    expect(messages({ variants: [{ options: ["16 GB"], price: 649, stock: 2 }] }, false)).toEqual([
      { values: ["16 GB"], sku: null, priceCents: 649_00, stock: 2, image: null },
    ]);
  });

  it("says what is wrong with a row, in words", () => {
    expect(messages({ variants: [{ title: "8 GB", offered: "on", price: "", stock: "1" }] })).toEqual([
      ["variants[0].price", "The price must be an amount such as 25 or 19.99"],
    ]);
    expect(messages({ variants: [{ title: "8 GB", offered: "on", price: "1", stock: "-1" }] })).toEqual([
      ["variants[0].stock", "The stock must be a whole number from 0 to 99999"],
    ]);
    expect(messages({ variants: [{ options: ["64 GB"], price: "1", stock: "1" }] }, false)).toEqual([
      ["variants[0].options", "Choose one value of each of the product's options"],
    ]);
    expect(
      messages(
        {
          variants: [
            { options: ["8 GB"], price: "1", stock: "1", sku: "X" },
            { options: ["16 GB"], price: "1", stock: "1", sku: "x" },
          ],
        },
        false,
      ),
    ).toEqual([["variants[1].sku", "Each variant needs a SKU of its own"]]);
    expect(messages({ variants: [{ title: "8 GB", price: "1", stock: "1" }] })).toEqual([
      ["variants", "Offer at least one combination, or remove the options"],
    ]);
  });
});
