import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startHaproxy } from "../../tools/haproxy";
import { waitForOk } from "../../tools/processes";
import { freePort } from "./server";
import type { RawResponse } from "./sample";

// Headers that describe the connection or the framing rather than the response: node:http writes
// its own (keep-alive, a fresh Date) and the body, held in memory, goes with a Content-Length even
// where the shop streamed it chunked.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

type Bare = { child: ChildProcess; port: number };
let started: Promise<Bare> | undefined;
let stored = 0;

/** The bare server (bench/children/bare-server.ts): one process for the whole bench run, started on first use. */
function bareServer(): Promise<Bare> {
  started ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/children/bare-server.ts"], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    process.on("exit", () => child.kill());
    child.once("message", (message: { port: number }) => resolve({ child, port: message.port }));
    child.once("exit", (code) => reject(new Error(`The bare server exited ${code}`)));
  });
  return started;
}

/** Stores `response` in the bare server; returns the URL at which it answers it. */
export async function serveBare(response: RawResponse): Promise<string> {
  const { child, port } = await bareServer();
  const path = `/${++stored}`;
  const headers: string[] = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2)
    if (!HOP_BY_HOP.has(response.rawHeaders[i].toLowerCase()))
      headers.push(response.rawHeaders[i], response.rawHeaders[i + 1]);
  headers.push("Content-Length", String(response.body.length));
  await new Promise<void>((resolve) => {
    const onMessage = (message: { stored?: string }) => {
      if (message.stored !== path) return;
      child.off("message", onMessage);
      resolve();
    };
    child.on("message", onMessage);
    child.send({ path, status: response.status, headers, body: response.body.toString("base64") });
  });
  return `http://127.0.0.1:${port}${path}`;
}

let balanced: Promise<number> | undefined;

/**
 * With --nodes: the bare server behind HAProxy as the nodes are (tools/haproxy.ts, one
 * server per node, each the bare server; no health checks, which it cannot answer): what the
 * layout's own hop leaves of the physical limit. Gives `bareUrl` through it.
 */
export async function bareBehindBalancer(bareUrl: string, servers: number): Promise<string> {
  const url = new URL(bareUrl);
  balanced ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shopit-bench-haproxy-"));
    const port = await freePort();
    const backends = Array.from({ length: servers }, (_, i) => ({ name: `bare${i + 1}`, port: Number(url.port) }));
    const balancer = startHaproxy(dir, port, backends, { healthChecks: false });
    process.on("exit", () => {
      balancer.child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await waitForOk(`http://127.0.0.1:${port}${url.pathname}`, balancer, 10_000);
    return port;
  })();
  url.port = String(await balanced);
  return url.toString();
}
