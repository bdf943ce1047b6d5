import net from "node:net";
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
    const others = log.split("\n").filter((line) => line && !line.startsWith("{") && !/^==> Mail /.test(line));
    expect(others).toEqual([]);
    expect(log).toMatch(/"method":"TRACE","url":"\/","status":405/);
    expect(log).toMatch(/"method":"GET","url":"\/%ZZ","status":400/);
  } finally {
    await shop.stop();
  }
});

/** A request whose body trickles in, a byte every 50 ms of the 1000 it declares: what the shop sent before it closed. */
function trickledBody(base: string, path: string, type: string) {
  const { hostname, port } = new URL(base);
  return new Promise<{ received: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n`,
      );
      const drip = () => {
        if (++sent > 1000) return;
        socket.write("x");
        timer = setTimeout(drip, 50);
      };
      drip();
    });
    socket.on("data", (data) => (received += data.toString()));
    // Closed with bytes of the body unread: a reset, which ends the exchange as a close does.
    socket.on("error", (error: NodeJS.ErrnoException) => void (error.code === "ECONNRESET" || reject(error)));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ received, sent });
    });
  });
}

test("a body that does not arrive in time (BODY_TIMEOUT_MS): 408, the connection closed, nothing in the log", async () => {
  test.setTimeout(180_000);
  const shop = await startOwnShop({ BODY_TIMEOUT_MS: "1000" });
  try {
    const api = await trickledBody(shop.base, "/api/v1/login", "application/json");
    expect(api.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(api.received).toContain('{"success":false,"message":"The request\'s body did not arrive in time (1 s)."}');
    expect(api.sent).toBeLessThan(1000);
    const page = await trickledBody(shop.base, "/register", "application/x-www-form-urlencoded");
    expect(page.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // The shop answers as before.
    expect((await rawRequest(shop.base, "GET", "/api/v1/settings")).status).toBe(200);
    const log = shop.log();
    expect(log).not.toMatch(STACK_LINE);
    expect(log.split("\n").filter((line) => line && !line.startsWith("{"))).toEqual([]);
  } finally {
    await shop.stop();
  }
});
