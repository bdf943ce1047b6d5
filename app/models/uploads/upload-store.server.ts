import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { config, type Config } from "~/config.server";

/**
 * Where uploaded and demo pictures are kept, by key ("products/<id>.webp", the public URL's path
 * after /uploads/): a local folder (the default), or an S3-compatible bucket that several nodes
 * share (UPLOADS_S3_BUCKET). Either way the public URL stays /uploads/<key>, served by the shop
 * (server/static-files.server.ts).
 */
export interface UploadStore {
  /** Where the uploads are, for messages: a folder, or s3://bucket/prefix. */
  readonly location: string;
  /** Stores bytes under a key, replacing what was there: the same write twice is one picture. */
  put(key: string, bytes: Buffer | string, contentType: string): Promise<void>;
  /** The picture under a key, or null when there is none (or the key is not one the shop writes). */
  read(key: string, options?: { head?: boolean }): Promise<StoredUpload | null>;
  /** Removes a key's picture; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

export type StoredUpload = {
  contentType: string;
  size: number;
  lastModified?: Date;
  etag?: string;
  /** The bytes as a stream; null for a `head` read. Whoever reads it must consume or destroy it. */
  body: Readable | null;
};

const MAX_KEY_LENGTH = 255;
/** How many writes go to a store at once when many are made (the demo seed, a copy): a bucket answers each over the network. */
const WRITES_AT_ONCE = 8;

/** Runs `write` for every item, a few at a time; the results in the items' order. */
export async function writeInBatches<T, R>(items: T[], write: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += WRITES_AT_ONCE)
    results.push(...(await Promise.all(items.slice(start, start + WRITES_AT_ONCE).map(write))));
  return results;
}

/**
 * The keys the shop writes and serves: parts of letters, digits, dots, hyphens and underscores, none
 * starting with a dot, joined by "/". No "..", no empty part, no backslash: a key never leaves the
 * folder or the prefix.
 */
export function isUploadKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key);
}

function checkedKey(key: string): string {
  if (!isUploadKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};
const contentTypeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";

/** The uploads folder: files under `dir`, their type told by their extension (as express.static tells it). */
export function folderStore(dir: string): UploadStore {
  return {
    location: dir,
    async put(key, bytes) {
      const file = path.join(dir, checkedKey(key));
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, bytes);
    },
    async read(key, { head = false } = {}) {
      if (!isUploadKey(key)) return null;
      const file = path.join(dir, key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        contentType: contentTypeOf(key),
        size: stat.size,
        lastModified: stat.mtime,
        body: head ? null : fs.createReadStream(file),
      };
    },
    async delete(key) {
      await fsp.rm(path.join(dir, checkedKey(key)), { force: true });
    },
  };
}

export type S3Settings = NonNullable<Config["uploadsS3"]>;

/** A bucket's place for messages: s3://bucket/prefix, and the endpoint unless it is AWS's. */
export const bucketLocation = (settings: S3Settings) =>
  `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;

/** Whether an error from the S3 client says the key (or the bucket) is not there. */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2, …), every key under `prefix`. The SDK is imported here
 * only, so a shop that keeps its uploads in a folder never loads it.
 */
export async function s3Store(settings: S3Settings): Promise<UploadStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } =
    await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where the API requires them: not every S3-compatible server takes the SDK's
    // newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => prefix + checkedKey(key);
  return {
    location: bucketLocation(settings),
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async read(key, { head = false } = {}) {
      if (!isUploadKey(key)) return null;
      const request = { Bucket: bucket, Key: objectKey(key) };
      try {
        const answer = head
          ? await client.send(new HeadObjectCommand(request))
          : await client.send(new GetObjectCommand(request));
        return {
          contentType: answer.ContentType ?? contentTypeOf(key),
          size: answer.ContentLength ?? 0,
          lastModified: answer.LastModified,
          etag: answer.ETag,
          body: "Body" in answer && answer.Body ? (answer.Body as Readable) : null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

let current: Promise<UploadStore> | null = null;

/** The shop's upload store, as configured: the bucket when UPLOADS_S3_BUCKET is set, else UPLOADS_DIR. */
export function uploadStore(): Promise<UploadStore> {
  current ??= config.uploadsS3 ? s3Store(config.uploadsS3) : Promise.resolve(folderStore(config.uploadsDir));
  return current;
}

/**
 * Copies every picture under `dir` into `store` under the same key, with its type (moving a shop's
 * uploads folder into a bucket; a second run writes the same objects again). Files whose path is
 * not an upload key are left out and named.
 */
export async function copyFolderToStore(
  dir: string,
  store: UploadStore,
): Promise<{ copied: number; bytes: number; leftOut: string[] }> {
  if (!fs.existsSync(dir)) throw new Error(`There is no uploads folder at ${dir}.`);
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  const keys = files.filter(isUploadKey);
  const sizes = await writeInBatches(keys, async (key) => {
    const content = await fsp.readFile(path.join(dir, key));
    await store.put(key, content, contentTypeOf(key));
    return content.length;
  });
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  return { copied: keys.length, bytes, leftOut: files.filter((file) => !isUploadKey(file)) };
}
