import fs from "node:fs/promises";
import path from "node:path";
import { newId } from "~/db/ids";
import sharp from "sharp";
import { config } from "~/config.server";
import { PublicError } from "~/lib/public-error";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "Images can be at most 10 MB.";

/** An uploaded picture: bytes (a data URL's), or a Blob (a file the upload kept on disk, read only when saved). */
export type ImageUpload = Buffer | Blob;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export class ImageError extends PublicError {
  constructor(message: string) {
    super(message, 400, "avatar");
  }
}

type Kind = "avatars" | "products";
const SIZES: Record<Kind, { width: number; height: number; fit: "cover" | "inside" }> = {
  avatars: { width: 256, height: 256, fit: "cover" },
  products: { width: 1200, height: 1200, fit: "inside" },
};

/**
 * Checks that the bytes really are a JPEG, PNG or WebP picture (whatever the file name or type
 * claims), at most 10 MB, then stores a resized WebP copy under the uploads folder and returns
 * its public URL.
 */
export async function saveImage(upload: ImageUpload, kind: Kind): Promise<string> {
  const size = Buffer.isBuffer(upload) ? upload.length : upload.size;
  if (size === 0) throw new ImageError("The image file is empty.");
  if (size > MAX_IMAGE_BYTES) throw new ImageError(IMAGE_TOO_LARGE);
  const bytes = Buffer.isBuffer(upload) ? upload : Buffer.from(await upload.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageError("Please choose a JPEG, PNG or WebP image.");

  const box = SIZES[kind];
  const output = await sharp(bytes)
    .rotate()
    .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: box.fit === "inside" })
    .webp({ quality: 82 })
    .toBuffer();
  const dir = path.join(config.uploadsDir, kind);
  await fs.mkdir(dir, { recursive: true });
  const name = `${newId()}.webp`;
  await fs.writeFile(path.join(dir, name), output);
  return `/uploads/${kind}/${name}`;
}

/** Removes an uploaded image by its public URL; demo pictures and missing files are left alone. */
export async function deleteImage(url: string | null | undefined) {
  const match = url?.match(/^\/uploads\/(avatars|products)\/([a-z0-9]+\.webp)$/);
  if (!match) return;
  await fs.rm(path.join(config.uploadsDir, match[1], match[2]), { force: true });
}

/** Reads an image sent as a `data:` URL (the original API's way) into bytes. */
export function bytesFromDataUrl(value: string): Buffer {
  const match = value.match(/^data:[^;,]*(;base64)?,(.*)$/s);
  if (!match || !match[1]) throw new ImageError("The image must be a base64 data URL.");
  if (match[2].length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4) throw new ImageError(IMAGE_TOO_LARGE);
  return Buffer.from(match[2], "base64");
}
