import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { pngBomb } from "../../../tests/e2e/support/png-bomb";
import { MAX_IMAGE_PIXELS } from "~/lib/image-limits";
import { ImageError, saveImage } from "./images.server";

// The default shop keeps its pictures in the folder and never loads the S3 SDK: loading it here fails.
vi.mock("@aws-sdk/client-s3", () => {
  throw new Error("The S3 SDK was loaded by a shop without UPLOADS_S3_BUCKET");
});

const BOMB_MESSAGE = "This image is 16,000 × 16,000 pixels; images can be at most 50 megapixels.";
const stored = (kind: string) =>
  fs.existsSync(path.join(config.uploadsDir, kind)) ? fs.readdirSync(path.join(config.uploadsDir, kind)) : [];

describe("decompression bombs", () => {
  it("a small PNG declaring 16,000 × 16,000 pixels is refused with a field error, nothing stored", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const before = stored("avatars");
    const error = await saveImage(bomb, "avatars").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageError);
    expect(error).toMatchObject({ status: 400, field: "avatar", message: BOMB_MESSAGE });
    expect(stored("avatars")).toEqual(before);
  });

  it("is refused from its header alone: a bomb whose pixel data is missing gets the same answer, not a decoder's error", async () => {
    // Decoding this one fails in libpng ("read error"): the pixel-limit answer shows nothing was decoded.
    const headerOnly = pngBomb(16_000, 16_000, { pixelData: "none" });
    await expect(sharp(headerOnly).toBuffer()).rejects.toThrow(/read error/);
    await expect(saveImage(headerOnly, "products")).rejects.toMatchObject({ status: 400, message: BOMB_MESSAGE });
  });

  it("the limit is on width × height: one row over is refused, whatever the shape", async () => {
    const width = 10_000;
    const height = MAX_IMAGE_PIXELS / width + 1;
    await expect(saveImage(pngBomb(width, height, { pixelData: "none" }), "avatars")).rejects.toMatchObject({
      message: `This image is 10,000 × ${height.toLocaleString("en-US")} pixels; images can be at most 50 megapixels.`,
    });
    await expect(saveImage(pngBomb(100_000, 600, { pixelData: "none" }), "avatars")).rejects.toMatchObject({
      status: 400,
      field: "avatar",
    });
  });
});

describe("pictures within the limit", () => {
  it("a 12-megapixel photo is stored in the uploads folder, resized to WebP", async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#3a6" } })
      .jpeg()
      .toBuffer();
    const url = await saveImage(photo, "products");
    expect(url).toMatch(/^\/uploads\/products\/[a-z0-9]+\.webp$/);
    const saved = await sharp(path.join(config.uploadsDir, url.replace(/^\/uploads\//, ""))).metadata();
    expect(saved).toMatchObject({ format: "webp", width: 1200, height: 900 });
  });

  it("a damaged picture is a field error, and pictures saved at the same time still arrive", async () => {
    const avatar = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a36" } })
      .png()
      .toBuffer();
    const damaged = pngBomb(300, 200, { pixelData: "none" });
    const results = await Promise.allSettled([
      saveImage(avatar, "avatars"),
      saveImage(damaged, "avatars"),
      saveImage(avatar, "avatars"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      status: 400,
      field: "avatar",
      message: "This image is damaged or incomplete. Please choose another.",
    });
  });
});
