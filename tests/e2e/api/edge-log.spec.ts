import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../support/accounts";
import { edgeRequestProblems, loginRedirectProblems } from "../support/edge-checks";
import { startOwnShop } from "../support/own-shop";
import { rawRequest } from "../support/raw-http";

// The fuzz corpus's edge cases against a shop whose log this test reads: the right status, and
// nothing in the log but the access log's one line per request (no stack trace, no error).

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

test("TRACE, undecodable paths and odd redirect targets: answered, with no stack trace in the log", async () => {
  test.setTimeout(180_000);
  const shop = await startOwnShop();
  try {
    // Soft: each part reports its own problems.
    expect.soft(await edgeRequestProblems(shop.base)).toEqual([]);
    const account = { name: "Edge Log", email: uniqueEmail("edge-log"), password: "edge-password-1" };
    expect(
      (
        await rawRequest(
          shop.base,
          "POST",
          "/api/v1/register",
          { "Content-Type": "application/json" },
          JSON.stringify(account),
        )
      ).status,
    ).toBe(201);
    expect.soft(await loginRedirectProblems(shop.base, account)).toEqual([]);

    const log = shop.log();
    expect.soft(log).not.toMatch(STACK_LINE);
    // The access log's lines (JSON) and the welcome mail's note, nothing else.
    const others = log.split("\n").filter((line) => line && !line.startsWith("{") && !/^Mail/.test(line));
    expect(others).toEqual([]);
    expect(log).toMatch(/"method":"TRACE","url":"\/","status":405/);
    expect(log).toMatch(/"method":"GET","url":"\/%ZZ","status":400/);
  } finally {
    await shop.stop();
  }
});
