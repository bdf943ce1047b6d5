import { newId } from "~/db/ids";
import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_PIXELS } from "~/lib/image-limits";
import { PublicError } from "~/lib/public-error";
import { uploadStore } from "./upload-store.server";

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

type Kind = "avatars" | "products" | "shop" | "categories" | "pages";
const SIZES: Record<Kind, { width: number; height: number; fit: "cover" | "inside" }> = {
  avatars: { width: 256, height: 256, fit: "cover" },
  products: { width: 1200, height: 1200, fit: "inside" },
  // The shop's logo and the home page's hero picture (admin → Settings).
  shop: { width: 1600, height: 1600, fit: "inside" },
  // A category's picture, on its tile and page (admin → Categories).
  categories: { width: 800, height: 800, fit: "inside" },
  // A picture in one of the shop's pages (admin → Pages), as wide as the page's text.
  pages: { width: 1600, height: 1600, fit: "inside" },
};

// Uploads are never the same picture twice, so libvips' operation cache (50 MB by default) would
// only hold memory after a burst. sharp already keeps its own threads to one per image on glibc.
sharp.cache(false);

// One picture decodes at a time in a process: each thread decoding at once takes an arena of its
// own in glibc's malloc, and four at once left a third more memory behind (bench/image-memory.ts).
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const result = decoding.then(job, job);
  decoding = result.catch(() => undefined);
  return result;
}

/**
 * Checks that the bytes really are a JPEG, PNG or WebP picture (whatever the file name or type
 * claims), at most 10 MB and MAX_IMAGE_PIXELS, then stores a resized WebP copy in the upload store
 * and returns its public URL.
 */
export async function saveImage(upload: ImageUpload, kind: Kind): Promise<string> {
  const size = Buffer.isBuffer(upload) ? upload.length : upload.size;
  if (size === 0) throw new ImageError("The image file is empty.");
  if (size > MAX_IMAGE_BYTES) throw new ImageError(IMAGE_TOO_LARGE);
  const bytes = Buffer.isBuffer(upload) ? upload : Buffer.from(await upload.arrayBuffer());
  await checkHeader(bytes);

  const box = SIZES[kind];
  const output = await oneAtATime(() =>
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: box.fit === "inside" })
      .webp({ quality: 82 })
      .toBuffer(),
  ).catch(() => {
    // A header that reads well over pixels that do not (a cut-off or damaged file).
    throw new ImageError("This image is damaged or incomplete. Please choose another.");
  });
  const key = `${kind}/${newId()}.webp`;
  await (await uploadStore()).put(key, output, "image/webp");
  return `/uploads/${key}`;
}

/** Reads only the image's header: its format, and its size in pixels before anything is decoded. */
async function checkHeader(bytes: Buffer) {
  let header: Metadata | undefined;
  try {
    header = await sharp(bytes).metadata();
  } catch {
    header = undefined;
  }
  if (!header?.format || !ACCEPTED_FORMATS.has(header.format))
    throw new ImageError("Please choose a JPEG, PNG or WebP image.");
  const { width = 0, height = 0 } = header;
  if (width * height > MAX_IMAGE_PIXELS) {
    const size = `${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")}`;
    throw new ImageError(`This image is ${size} pixels; images can be at most ${MAX_IMAGE_MEGAPIXELS} megapixels.`);
  }
}

/** Removes an uploaded image by its public URL; demo pictures and missing files are left alone. */
export async function deleteImage(url: string | null | undefined) {
  const match = url?.match(/^\/uploads\/((?:avatars|products|shop|categories|pages)\/[a-z0-9]+\.webp)$/);
  if (!match) return;
  await (await uploadStore()).delete(match[1]);
}

/** Reads an image sent as a `data:` URL (the original API's way) into bytes. */
export function bytesFromDataUrl(value: string): Buffer {
  const match = value.match(/^data:[^;,]*(;base64)?,(.*)$/s);
  if (!match || !match[1]) throw new ImageError("The image must be a base64 data URL.");
  if (match[2].length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4) throw new ImageError(IMAGE_TOO_LARGE);
  return Buffer.from(match[2], "base64");
}
