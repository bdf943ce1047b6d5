// What a burst of big uploads leaves in a process: `node --expose-gc --import tsx bench/image-memory.ts`.
// Makes four photos just under the pixel limit (in a child process, so that making them does not
// count), saves them at once through the shop's saveImage as four uploads would, then prints the
// resident memory before and once the process has settled (a few seconds, a GC with --expose-gc),
// for BURSTS bursts (default 3), then sends four decompression bombs. With glibc's default malloc
// what stays grows burst after burst; MALLOC_ARENA_MAX=2 in the environment bounds it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const dir = process.argv[2] === "--make" ? process.argv[3] : fs.mkdtempSync(path.join(os.tmpdir(), "image-memory-"));
const PHOTOS = ["a.jpg", "b.jpg", "c.png", "d.webp"];

if (process.argv[2] === "--make") {
  const { default: sharp } = await import("sharp");
  const { MAX_IMAGE_PIXELS } = await import("../app/lib/image-limits");
  // 4:3, just under the limit; a noisy gradient so that the files are photo-sized, not a few bytes.
  const width = Math.floor(Math.sqrt((MAX_IMAGE_PIXELS * 4) / 3 - 1));
  const height = Math.floor((width * 3) / 4);
  const noise = { type: "gaussian" as const, mean: 128, sigma: 24 };
  // Noise made at a quarter of the size and scaled up: photo-like files, made in seconds.
  const tile = await sharp({
    create: { width: width >> 2, height: height >> 2, channels: 3, background: "#000", noise },
  })
    .raw()
    .toBuffer();
  const base = () =>
    sharp(tile, { raw: { width: width >> 2, height: height >> 2, channels: 3 } }).resize(width, height, {
      kernel: "cubic",
    });
  await base().jpeg({ quality: 70 }).toFile(path.join(dir, PHOTOS[0]));
  await base().jpeg({ quality: 60 }).toFile(path.join(dir, PHOTOS[1]));
  await sharp({ create: { width, height, channels: 3, background: "#a86" } })
    .png()
    .toFile(path.join(dir, PHOTOS[2]));
  await base().webp({ quality: 40, effort: 0 }).toFile(path.join(dir, PHOTOS[3]));
  process.exit(0);
}

execFileSync(process.execPath, ["--import", "tsx", self, "--make", dir], { stdio: "inherit" });
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET ??= "image-memory";
const { default: sharp } = await import("sharp");
const { ImageError, saveImage } = await import("../app/models/uploads/index");
const { pngBomb } = await import("../tests/e2e/support/png-bomb");

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const rss = () => process.memoryUsage().rss;
const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
};

const files = PHOTOS.map((name) => fs.readFileSync(path.join(dir, name)));
const bombFiles = [1, 2, 3, 4].map(() => pngBomb());
for (const [i, name] of PHOTOS.entries()) {
  const { width, height } = await sharp(files[i]).metadata();
  console.log(
    `${name}: ${width} × ${height} (${(((width ?? 0) * (height ?? 0)) / 1e6).toFixed(1)} MP), ${mb(files[i].length)}`,
  );
}
console.log(`sharp: concurrency ${sharp.concurrency()}, cache ${JSON.stringify(sharp.cache())}`);
await settle();
const before = rss();
console.log(`RSS before ${mb(before)}`);
for (let burst = 1; burst <= Number(process.env.BURSTS ?? 3); burst++) {
  let peak = rss();
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const started = Date.now();
  await Promise.all(files.map((bytes) => saveImage(bytes, "products")));
  const took = Date.now() - started;
  clearInterval(sampler);
  await settle();
  console.log(
    `burst ${burst}: four saved in ${took} ms; RSS peak ${mb(peak)}, settled ${mb(rss())} (+${mb(rss() - before)}); sharp cache ${JSON.stringify(sharp.cache().memory)}`,
  );
}
const bombs = await Promise.allSettled(bombFiles.map((bytes) => saveImage(bytes, "avatars")));
await settle();
const refused = bombs.filter((b) => b.status === "rejected" && b.reason instanceof ImageError).length;
console.log(`four 16,000 × 16,000 PNG bombs: ${refused} refused; RSS settled ${mb(rss())} (+${mb(rss() - before)})`);
fs.rmSync(dir, { recursive: true, force: true });
