import fs from "node:fs";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalS3, type LocalS3 } from "../scripts/scale/s3";
import { listen } from "../tests/unit/http";

// With UPLOADS_S3_BUCKET set, pictures go to the bucket (here s3rver on a free loopback port) and
// the shop serves /uploads/ from it: nothing is written to the uploads folder.

let s3: LocalS3;
let shop: Awaited<ReturnType<typeof listen>>;
let images: typeof import("~/models/uploads");
let store: import("~/models/uploads").UploadStore;
let seed: typeof import("~/seed/seed.server");

beforeAll(async () => {
  s3 = await startLocalS3({ bucket: "pictures" });
  // The shop's modules as a node started with the bucket's settings loads them.
  Object.assign(process.env, s3.env, { UPLOADS_S3_PREFIX: "node-test" });
  vi.resetModules();
  images = await import("~/models/uploads");
  store = await (await import("~/models/uploads")).uploadStore();
  seed = await import("~/seed/seed.server");
  const { config } = await import("~/config.server");
  const { staticFiles } = await import("./static-files.server");
  const app = express();
  app.use(staticFiles({ publicDir: "public", uploadsDir: config.uploadsDir, uploadStore: store, listed: true }));
  app.use((req, res) => void res.status(404).send("not found"));
  shop = await listen(app);
});
afterAll(async () => {
  await shop.close();
  await s3.stop();
  for (const name of Object.keys(s3.env)) delete process.env[name];
  delete process.env.UPLOADS_S3_PREFIX;
});

const photo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

describe("pictures in an S3 bucket", () => {
  it("saves an upload to the bucket, serves the same bytes at its /uploads/ URL, and deletes it", async () => {
    const url = await images.saveImage(await photo(), "products");
    expect(url).toMatch(/^\/uploads\/products\/[a-z0-9]+\.webp$/);
    const key = url.slice("/uploads/".length);

    const stored = await store.read(key);
    expect(stored?.contentType).toBe("image/webp");
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body!) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect((await sharp(bytes).metadata()).format).toBe("webp");

    const served = await shop.request(url);
    expect(served.status).toBe(200);
    expect(served.body).toEqual(bytes);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Under the configured prefix in the bucket, and not in the uploads folder.
    expect(store.location).toBe(`s3://pictures/node-test/ at ${s3.url}`);
    expect(fs.existsSync(process.env.UPLOADS_DIR!) ? fs.readdirSync(process.env.UPLOADS_DIR!) : []).toEqual([]);

    await images.deleteImage(url);
    expect(await store.read(key)).toBeNull();
    expect((await shop.request(url)).status).toBe(404);
  });

  it("leaves a demo picture alone when asked to delete it", async () => {
    await store.put("demo/kept-1.svg", "<svg/>", "image/svg+xml");
    await images.deleteImage("/uploads/demo/kept-1.svg");
    expect(await store.read("demo/kept-1.svg", { head: true })).not.toBeNull();
  });

  it("seeds the demo pictures into the bucket, the same picture written twice at once being one", async () => {
    const { writeDemoImage } = await import("~/seed/demo-images.server");
    const [first, second] = await Promise.all([
      writeDemoImage(store, "same-1.svg", "<svg>one</svg>"),
      writeDemoImage(store, "same-1.svg", "<svg>one</svg>"),
    ]);
    expect(first).toBe("/uploads/demo/same-1.svg");
    expect(second).toBe(first);
    expect((await shop.request(first)).body.toString()).toBe("<svg>one</svg>");

    await seed.seedDemoData(store);
    const { listProducts } = await import("~/models/catalogue");
    const home = await listProducts({ page: 1 });
    const picture = home.products[0].images[0].url;
    expect(picture).toMatch(/^\/uploads\/demo\/.+\.svg$/);
    const served = await shop.request(picture);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.body.toString()).toContain(home.products[0].name);
  });
});
