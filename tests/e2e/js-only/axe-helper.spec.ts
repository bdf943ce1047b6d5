import { expect, test } from "@playwright/test";
import { wcagViolations } from "../support/axe";

// The helper every axe walk relies on finds what it should: a page with known faults is not passed.
test("the axe helper reports a page's violations, and leaves out what it is told to", async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1>
     <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
     <p style="color:#bbb;background:#fff">Too faint to read</p></main></body></html>`,
  );
  const found = await wcagViolations(page);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^image-alt \(1\): #no-alt$/),
      expect.stringMatching(/^color-contrast \(1\)/),
    ]),
  );
  expect(await wcagViolations(page, ["#no-alt"])).not.toContainEqual(expect.stringMatching(/^image-alt/));
});
