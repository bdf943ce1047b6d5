import { expect, test } from "@playwright/test";
import { DEMO_ADMIN } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { CATALOGUE_WRITE } from "../support/catalogue-write";
import { adminApi } from "../support/discounts";
import { laptopWithVariants } from "../support/variants";
import { signInAs } from "../support/sign-in";

// A product sold in variants (its choice, a sold-out and an unmade combination) and the admin's
// options and variants page pass axe and fit a phone. A product of the test's own.
test(
  "the variant choice and the admin's variants page pass axe and fit a phone",
  { tag: CATALOGUE_WRITE },
  async ({ page, playwright, baseURL }) => {
    test.setTimeout(180_000);
    const api = await adminApi(playwright, baseURL!);
    const laptop = await laptopWithVariants(api, `Axe Variant Laptop ${Date.now()}`);
    await api.dispose();
    const check = async (where: string) => {
      expect(await wcagViolations(page), where).toEqual([]);
      expect(await overflowsViewport(page), where).toBe(false);
    };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const query of ["", "?option1=8+GB&option2=Black", "?option1=16+GB&option2=Black"]) {
        await page.goto(`/product/${laptop._id}${query}`);
        await expect(page.getByTestId("variant-picker")).toBeVisible();
        await check(`the product page${query} at ${width} px`);
      }
    }
    await signInAs(page, DEMO_ADMIN.email);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [`/admin/product/${laptop._id}`, `/admin/product/${laptop._id}/variants`]) {
        await page.goto(url);
        await check(`${url} at ${width} px`);
      }
    }
  },
);
