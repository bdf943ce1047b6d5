import http from "node:http";
import { addRow, mb } from "../lib/report";
import { residentBytes, withShop } from "../lib/server";

const MB = 1024 * 1024;
const BUDGET = 32 * MB;

type Upload = { path: string; headers: Record<string, string>; parts: () => Generator<Buffer> };

/** Sends a generated body (streamed, never held whole here); resolves with the status, or how the connection ended. */
function send(base: string, upload: Upload, declareLength: boolean): Promise<string> {
  return new Promise((resolve) => {
    const chunks = [...upload.parts()];
    const length = chunks.reduce((n, c) => n + c.length, 0);
    const req = http.request(`${base}${upload.path}`, {
      method: "POST",
      headers: {
        ...upload.headers,
        ...(declareLength ? { "Content-Length": String(length) } : { "Transfer-Encoding": "chunked" }),
      },
    });
    let answered = "";
    req.on("response", (res) => {
      answered = String(res.statusCode);
      res.resume();
      res.on("end", () => resolve(answered));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(answered || error.code || "error"));
    let i = 0;
    const write = () => {
      while (i < chunks.length) if (!req.write(chunks[i++])) return void req.once("drain", write);
      req.end();
    };
    write();
  });
}

const block = Buffer.alloc(MB, 0x61);

/** 200 MB of JSON: one string field. */
const json: Upload = {
  path: "/api/v1/login",
  headers: { "Content-Type": "application/json" },
  *parts() {
    yield Buffer.from('{"email":"a@example.com","password":"');
    for (let i = 0; i < 200; i++) yield block;
    yield Buffer.from('"}');
  },
};

/** 200 MB of multipart: 21 files of 9.5 MB (the register call, larger). */
const multipart: Upload = {
  path: "/api/v1/register",
  headers: { "Content-Type": "multipart/form-data; boundary=bench" },
  *parts() {
    yield Buffer.from('--bench\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench\r\n');
    for (let f = 0; f < 21; f++) {
      yield Buffer.from(
        `--bench\r\nContent-Disposition: form-data; name="avatar"; filename="a${f}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      for (let i = 0; i < 9; i++) yield block;
      yield block.subarray(0, MB / 2);
      yield Buffer.from("\r\n");
    }
    yield Buffer.from("--bench--\r\n");
  },
};

/** Peak growth of the server's resident memory while `work` runs, sampled every 10 ms. */
async function peakGrowth(pid: number, work: () => Promise<string[]>) {
  const before = residentBytes(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10);
  const statuses = await work();
  clearInterval(timer);
  peak = Math.max(peak, residentBytes(pid));
  return { growth: peak - before, statuses };
}

// 7. Bodies: the server's memory while it refuses 200 MB bodies (issue 11: < 32 MB of growth).
// One process (WEB_CONCURRENCY=1): with workers, the pid the bench holds is the primary, which
// serves nothing.
export async function bodies() {
  await withShop(
    async (shop) => {
      // Warm up the routes and the parser, so that code loaded on first use is not counted.
      await send(shop.url, json, false);
      await send(shop.url, multipart, false);
      for (const [label, upload, declared, together] of [
        ["200 MB JSON, Content-Length", json, true, 1],
        ["200 MB JSON, chunked", json, false, 1],
        ["200 MB multipart (21 files of 9.5 MB), chunked", multipart, false, 1],
        ["5 × 200 MB multipart at once, chunked", multipart, false, 5],
        ["5 × 200 MB JSON at once, chunked", json, false, 5],
      ] as const) {
        // The largest of three runs: how much the heap grows depends on when the garbage collector runs.
        let growth = 0;
        const statuses: string[] = [];
        for (let run = 0; run < 3; run++) {
          const measured = await peakGrowth(shop.pid, () =>
            Promise.all(Array.from({ length: together }, () => send(shop.url, upload, declared))),
          );
          growth = Math.max(growth, measured.growth);
          statuses.push(...measured.statuses);
        }
        addRow({
          part: "bodies",
          measure: `${label}: server RSS growth, largest of 3 runs (answers ${[...new Set(statuses)].join(", ")})`,
          value: mb(growth),
          goal: `< ${mb(BUDGET)}`,
          // A client still writing when the 413 comes may see the connection cut first (EPIPE, ECONNRESET).
          met: growth < BUDGET && statuses.every((s) => ["413", "EPIPE", "ECONNRESET"].includes(s)),
        });
      }
    },
    { workers: 1 },
  );
}
