import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listen } from "../tests/unit/http";
import { listFiles, staticFiles } from "./static-files.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
write("build/client/assets/entry-abc123.js", "console.log('entry')");
write("build/client/favicon.ico", "icon");
write("public/images/logo.svg", "<svg/>");
write("public/images/two words.txt", "spaced");
write("public/.hidden", "secret");
fs.mkdirSync(path.join(root, "uploads"));

const app = express();
app.use(
  staticFiles({
    buildDir: path.join(root, "build/client"),
    publicDir: path.join(root, "public"),
    uploadsDir: path.join(root, "uploads"),
    listed: true,
  }),
);
app.use((req, res) => void res.status(404).send(`page ${req.path}`));

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(app);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("static files", () => {
  it("lists a folder's files as URL paths, without dot-files", () => {
    expect(listFiles(path.join(root, "public")).sort()).toEqual(["/images/logo.svg", "/images/two words.txt"]);
    expect(listFiles(path.join(root, "missing"))).toEqual([]);
  });

  it("serves the build, its fingerprinted assets for a year, and public/", async () => {
    const asset = await server.request("/assets/entry-abc123.js");
    expect(asset.body.toString()).toBe("console.log('entry')");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await server.request("/favicon.ico");
    expect(icon.body.toString()).toBe("icon");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await server.request("/images/logo.svg")).body.toString()).toBe("<svg/>");
    expect((await server.request("/images/two%20words.txt")).body.toString()).toBe("spaced");
    expect((await server.request("/.hidden")).body.toString()).toBe("page /.hidden");
  });

  it("hands a page request on without looking at the disk", async () => {
    const stat = vi.spyOn(fs, "stat");
    try {
      for (const url of ["/", "/product/abc", "/images", "/search/laptop?page=2"]) {
        expect((await server.request(url)).status).toBe(404);
      }
      expect(stat).not.toHaveBeenCalled();
      await server.request("/images/logo.svg");
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
  });

  it("serves an upload that appears while the server runs, for a year", async () => {
    expect((await server.request("/uploads/new.jpg")).status).toBe(404);
    fs.writeFileSync(path.join(root, "uploads/new.jpg"), "jpeg");
    const upload = await server.request("/uploads/new.jpg");
    expect(upload.body.toString()).toBe("jpeg");
    expect(upload.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
