// The shop as bench/lib/server.ts starts it: server.ts, plus the same-stack reference route, which
// production code never registers. GET /__bench/ceiling/:key answers the bytes the bench wrote to
// BENCH_CEILING_DIR/<key>.json ({ contentType, body: base64 }) as a constant, compressed once,
// through the shop's own middleware (security headers, compression, static files, the page cache's
// pass): what a page would cost if rendering took no time. A file, so that every worker answers it.
import fs from "node:fs";
import path from "node:path";
import type { ShopOptions } from "../../server/main";
import { launchShop } from "../../server/launch";

const dir = process.env.BENCH_CEILING_DIR;
if (!dir) throw new Error("BENCH_CEILING_DIR is not set (bench/lib/server.ts sets it)");

const sameStackConstants: NonNullable<ShopOptions["extraRoutes"]> = (app, { EncodedBody }) => {
  const constants = new Map<string, { type: string; body: InstanceType<typeof EncodedBody> }>();
  const load = (key: string) => {
    if (!/^[\w-]+$/.test(key)) return undefined;
    try {
      const stored = JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), "utf8"));
      const constant = { type: String(stored.contentType), body: new EncodedBody(Buffer.from(stored.body, "base64")) };
      constants.set(key, constant);
      return constant;
    } catch {
      return undefined;
    }
  };
  app.get("/__bench/ceiling/:key", (req, res) => {
    const constant = constants.get(req.params.key) ?? load(req.params.key);
    if (!constant) return void res.sendStatus(404);
    res.setHeader("Content-Type", constant.type);
    constant.body.send(req, res);
  });
};

await launchShop({ extraRoutes: sameStackConstants });
