import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { copyFolderToStore, folderStore, isUploadKey, s3Store, type UploadStore } from "~/models/uploads";
import { startLocalS3, type LocalS3 } from "../scripts/scale/s3";
import { listen } from "../tests/unit/http";
import { edgeErrorHandler } from "./edge-errors.server";
import { staticFiles } from "./static-files.server";

// The upload store's contract, held by both kinds: the uploads folder (the default) and an
// S3-compatible bucket (s3rver, a local S3 server from npm, on a free loopback port). Then /uploads/
// served from the bucket through the shop's static-files handler, side by side with the same
// pictures served from the folder by express.static.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-store-"));
let s3: LocalS3;
const stores: Record<string, UploadStore> = {};
const s3Settings = (env: Record<string, string>) => parseConfig(env).uploadsS3!;

/** The shop's static files with the uploads served from `store`, or from the folder as express.static does. */
async function serving(store: UploadStore | null, uploadsDir: string) {
  const publicDir = path.join(root, "public");
  fs.mkdirSync(publicDir, { recursive: true });
  const app = express();
  app.use(staticFiles({ publicDir, uploadsDir, uploadStore: store ?? undefined, listed: true }));
  app.use((req, res) => void res.status(404).send(`page ${req.path}`));
  app.use(edgeErrorHandler());
  return listen(app);
}

beforeAll(async () => {
  s3 = await startLocalS3();
  stores.folder = folderStore(path.join(root, "uploads"));
  stores.bucket = await s3Store(s3Settings(s3.env));
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const text = async (stream: NodeJS.ReadableStream | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe("upload keys", () => {
  it("are the paths the shop writes, and nothing that could leave the folder or the prefix", () => {
    for (const key of ["products/0a1b2c.webp", "avatars/x_y-z.webp", "demo/abc-1.svg"])
      expect(isUploadKey(key)).toBe(true);
    for (const key of [
      "",
      "../x",
      "products/../../etc/passwd",
      "products/./a.webp",
      "/products/a.webp",
      "products//a.webp",
      "products/a.webp/",
      "products\\a.webp",
      "products/.hidden",
      "products/a%2Fb.webp",
      "products/a b.webp",
      `products/${"a".repeat(300)}.webp`,
    ])
      expect(isUploadKey(key), key).toBe(false);
  });
});

describe.each(["folder", "bucket"])("the upload store in a %s", (kind) => {
  const store = () => stores[kind];

  it("keeps bytes under a key with their type, reads them back (or only their size), and deletes them", async () => {
    const bytes = Buffer.from("RIFF\0\0\0\0WEBPVP8 a picture");
    await store().put("products/k1.webp", bytes, "image/webp");
    const found = await store().read("products/k1.webp");
    expect(found).toMatchObject({ contentType: "image/webp", size: bytes.length });
    expect(found!.lastModified).toBeInstanceOf(Date);
    expect(await text(found!.body)).toEqual(bytes);

    const head = await store().read("products/k1.webp", { head: true });
    expect(head).toMatchObject({ contentType: "image/webp", size: bytes.length, body: null });

    await store().delete("products/k1.webp");
    expect(await store().read("products/k1.webp")).toBeNull();
    // Deleting what is not there is not an error.
    await store().delete("products/k1.webp");
  });

  it("takes the same write twice (two nodes seeding at once) as one picture", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><title>${kind}</title></svg>`;
    await Promise.all([
      store().put("demo/twice-1.svg", svg, "image/svg+xml"),
      store().put("demo/twice-1.svg", svg, "image/svg+xml"),
    ]);
    const found = await store().read("demo/twice-1.svg");
    expect(found?.contentType).toBe("image/svg+xml");
    expect((await text(found!.body)).toString()).toBe(svg);
  });

  it("finds nothing under a missing or hostile key, and refuses to write or delete one", async () => {
    expect(await store().read("products/missing.webp")).toBeNull();
    expect(await store().read("products/missing.webp", { head: true })).toBeNull();
    for (const key of ["../outside.webp", "products/../../x", `products/${"a".repeat(300)}.webp`]) {
      expect(await store().read(key)).toBeNull();
      await expect(store().put(key, "x", "image/webp")).rejects.toThrow("Not an upload key");
      await expect(store().delete(key)).rejects.toThrow("Not an upload key");
    }
    expect(fs.existsSync(path.join(root, "outside.webp"))).toBe(false);
  });
});

describe("/uploads/ served from the bucket", () => {
  let fromFolder: Awaited<ReturnType<typeof serving>>;
  let fromBucket: Awaited<ReturnType<typeof serving>>;
  const picture = Buffer.from("RIFF\0\0\0\0WEBPVP8 served");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  beforeAll(async () => {
    fromFolder = await serving(null, path.join(root, "uploads"));
    fromBucket = await serving(stores.bucket, path.join(root, "no-such-folder"));
    for (const store of [stores.folder, stores.bucket]) {
      await store.put("products/served.webp", picture, "image/webp");
      await store.put("demo/served-1.svg", svg, "image/svg+xml");
    }
  });
  afterAll(async () => {
    await fromFolder.close();
    await fromBucket.close();
  });

  it("answers the bytes with the headers the folder's files get: their type, cached for a year", async () => {
    for (const [url, bytes] of [
      ["/uploads/products/served.webp", picture],
      ["/uploads/demo/served-1.svg", Buffer.from(svg)],
    ] as const) {
      const bucket = await fromBucket.request(url);
      const folder = await fromFolder.request(url);
      expect(bucket.status).toBe(200);
      expect(bucket.body).toEqual(bytes);
      expect(folder.body).toEqual(bytes);
      expect(bucket.headers["content-type"]).toBe(folder.headers["content-type"]);
      expect(bucket.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(bucket.headers["cache-control"]).toBe(folder.headers["cache-control"]);
      expect(bucket.headers["content-length"]).toBe(String(bytes.length));
      expect(bucket.headers["last-modified"]).toBeTruthy();
    }
    expect((await fromBucket.request("/uploads/products/served.webp")).headers["content-type"]).toBe("image/webp");
    expect((await fromBucket.request("/uploads/demo/served-1.svg")).headers["content-type"]).toBe("image/svg+xml");
  });

  it("answers HEAD without the bytes, and 304 to a client that has the picture", async () => {
    const head = await fromBucket.request("/uploads/products/served.webp", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(picture.length));
    expect(head.headers["content-type"]).toBe("image/webp");
    expect(head.body.length).toBe(0);

    const first = await fromBucket.request("/uploads/products/served.webp");
    expect(first.headers.etag).toBeTruthy();
    const again = await fromBucket.request("/uploads/products/served.webp", { "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await fromBucket.request("/uploads/products/served.webp", {
      "If-Modified-Since": first.headers["last-modified"]!,
    });
    expect(since.status).toBe(304);
    const changed = await fromBucket.request("/uploads/products/served.webp", { "If-None-Match": '"another"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(picture);
  });

  it("hands a missing picture on to the shop's 404 page, as a missing file is", async () => {
    for (const server of [fromBucket, fromFolder]) {
      const missing = await server.request("/uploads/products/missing.webp");
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).toBe("page /uploads/products/missing.webp");
      expect(missing.headers["cache-control"]).toBeUndefined();
    }
  });

  it("answers a hostile path with a 4xx, never a 500, and never reads outside the store's keys", async () => {
    // The shop's keys under a prefix, and beside them, outside it, an object it must never serve.
    const prefixed = await s3Store(s3Settings({ ...s3.env, UPLOADS_S3_PREFIX: "shop" }));
    await prefixed.put("products/served.webp", picture, "image/webp");
    await stores.bucket.put("secret.txt", "TOP-SECRET", "text/plain");
    await stores.bucket.put("products/secret.webp", "TOP-SECRET", "image/webp");
    fs.writeFileSync(path.join(root, "secret.txt"), "TOP-SECRET");
    const server = await serving(prefixed, path.join(root, "uploads"));
    const hostile = [
      "/uploads/../secret.txt",
      "/uploads/../../secret.txt",
      "/uploads/%2e%2e/secret.txt",
      "/uploads/products/..%2f..%2fsecret.txt",
      "/uploads/products/%2e%2e/%2e%2e/secret.txt",
      "/uploads/..%2fproducts%2fsecret.webp",
      "/uploads/products%2fserved.webp",
      "/uploads/products/served.webp%00",
      "/uploads/%E0%A4%A",
      "/uploads/products/%",
      `/uploads/products/${"a".repeat(5000)}.webp`,
      "/uploads/",
      "/uploads",
      "/uploads/products/",
      "/uploads/products/.served.webp",
      "/uploads/products\\served.webp",
    ];
    try {
      expect((await server.request("/uploads/products/served.webp")).body).toEqual(picture);
      for (const url of hostile) {
        const answer = await server.request(url);
        expect([400, 404], `${url}: ${answer.status}`).toContain(answer.status);
        expect(answer.body.toString()).not.toContain("TOP-SECRET");
        expect(answer.body.includes(picture)).toBe(false);
      }
    } finally {
      await server.close();
    }
  });

  it("answers 502, not 500, when the bucket does not answer", async () => {
    const nowhere = await s3Store(
      s3Settings({ ...s3.env, UPLOADS_S3_ENDPOINT: "http://127.0.0.1:9", UPLOADS_S3_BUCKET: "gone" }),
    );
    const server = await serving(nowhere, root);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const answer = await server.request("/uploads/products/served.webp");
      expect(answer.status).toBe(502);
      expect(answer.body.toString()).toBe("The picture store did not answer. Please try again.");
      expect(String((errors[0] as unknown[])[0])).toContain("Uploads: could not read products/served.webp");
    } finally {
      console.error = original;
      await server.close();
    }
  });
});
describe("an S3 key prefix", () => {
  it("keeps every key under the prefix, apart from the same keys without it", async () => {
    const prefixed = await s3Store(s3Settings({ ...s3.env, UPLOADS_S3_PREFIX: "shop-two" }));
    await prefixed.put("products/p.webp", "two", "image/webp");
    await stores.bucket.put("products/p.webp", "one", "image/webp");
    expect((await text((await prefixed.read("products/p.webp"))!.body)).toString()).toBe("two");
    expect((await text((await stores.bucket.read("products/p.webp"))!.body)).toString()).toBe("one");
    expect((await text((await stores.bucket.read("shop-two/products/p.webp"))!.body)).toString()).toBe("two");
    expect(prefixed.location).toBe(`s3://${s3.bucket}/shop-two/ at ${s3.url}`);
  });
});

describe("npm run uploads:copy", () => {
  /** An uploads folder as a one-machine shop has it, with a file whose name the shop never writes. */
  function shopFolder() {
    const dir = fs.mkdtempSync(path.join(root, "copy-"));
    fs.mkdirSync(path.join(dir, "products"));
    fs.mkdirSync(path.join(dir, "demo"));
    fs.writeFileSync(path.join(dir, "products", "old1.webp"), "RIFF old webp");
    fs.writeFileSync(path.join(dir, "demo", "old-1.svg"), "<svg>old</svg>");
    fs.writeFileSync(path.join(dir, "products", "note about it.txt"), "not a picture");
    return dir;
  }

  it("copies a folder's pictures into the bucket under the same keys, with their types, and names what it left out", async () => {
    const prefixed = await s3Store(s3Settings({ ...s3.env, UPLOADS_S3_PREFIX: "moved" }));
    const result = await copyFolderToStore(shopFolder(), prefixed);
    expect(result).toEqual({
      copied: 2,
      bytes: "RIFF old webp".length + "<svg>old</svg>".length,
      leftOut: ["products/note about it.txt"],
    });
    expect(await prefixed.read("products/old1.webp", { head: true })).toMatchObject({ contentType: "image/webp" });
    const svg = await prefixed.read("demo/old-1.svg");
    expect(svg?.contentType).toBe("image/svg+xml");
    expect((await text(svg!.body)).toString()).toBe("<svg>old</svg>");
    await expect(copyFolderToStore(path.join(root, "nowhere"), prefixed)).rejects.toThrow(
      `There is no uploads folder at ${path.join(root, "nowhere")}.`,
    );
  });

  it("runs with the shop's settings, and stops with one line without a bucket", async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)("node", ["--import", "tsx", "uploads-copy.ts"], {
        env: { ...process.env, ...env, NODE_NO_WARNINGS: "1" },
      }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const dir = shopFolder();
    const copied = await run({ ...s3.env, UPLOADS_S3_PREFIX: "cli", UPLOADS_DIR: dir });
    expect(copied.stdout).toBe(
      `Copied 2 files (27 bytes) from ${dir} to s3://${s3.bucket}/cli/ at ${s3.url}.\n` +
        "Left out (not names the shop writes): products/note about it.txt\n",
    );
    expect(copied.code).toBe(0);
    const cli = await s3Store(s3Settings({ ...s3.env, UPLOADS_S3_PREFIX: "cli" }));
    expect(await cli.read("products/old1.webp", { head: true })).not.toBeNull();

    const refused = await run({ UPLOADS_DIR: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "uploads:copy: UPLOADS_S3_BUCKET is not set: it names the bucket to copy the uploads folder into.\n",
    );
  });
});
