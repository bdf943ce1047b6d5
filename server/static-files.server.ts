import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { isUploadKey, type StoredUpload, type UploadStore } from "~/models/uploads";

export type StaticFilesOptions = {
  /** The client build (`build/client`), served unless Vite's dev server serves it instead. */
  buildDir?: string;
  publicDir: string;
  uploadsDir: string;
  /** Where uploads are served from instead of uploadsDir: the shared bucket (UPLOADS_S3_BUCKET). */
  uploadStore?: UploadStore;
  /**
   * Production: the build and public/ do not change while the server runs, so their files are
   * listed once at start and only requests for one of them (or under /assets/ and /uploads/) reach
   * the file system. Otherwise every GET looks in the folders, as express.static does.
   */
  listed: boolean;
};

/** The files under `dir` as URL paths ("/images/logo.svg"); dot-files are left out, as express.static ignores them. */
export function listFiles(dir: string): string[] {
  const walk = (folder: string, prefix: string): string[] => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((entry) => {
      if (entry.name.startsWith(".")) return [];
      const full = path.join(folder, entry.name);
      const url = `${prefix}/${entry.name}`;
      const kind = entry.isSymbolicLink() ? fs.statSync(full, { throwIfNoEntry: false }) : entry;
      if (kind?.isDirectory()) return walk(full, url);
      return kind?.isFile() ? [url] : [];
    });
  };
  return walk(dir, "");
}

function decoded(urlPath: string): string {
  if (!urlPath.includes("%")) return urlPath;
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/**
 * Static files: fingerprinted assets (cached for a year), the rest of the client build and public/
 * (an hour), and uploaded images under /uploads/ (a year: their names are unique), which appear
 * while the server runs and so are always looked up on disk.
 */
export function staticFiles({
  buildDir,
  publicDir,
  uploadsDir,
  uploadStore,
  listed,
}: StaticFilesOptions): RequestHandler {
  const router = express.Router();
  if (buildDir) {
    router.use("/assets", express.static(path.join(buildDir, "assets"), { immutable: true, maxAge: "1y" }));
    router.use(express.static(buildDir, { maxAge: "1h" }));
  }
  router.use(express.static(publicDir, { maxAge: "1h" }));
  router.use(
    "/uploads",
    uploadStore
      ? uploadsFrom(uploadStore)
      : express.static(uploadsDir, { immutable: true, maxAge: "1y", index: false }),
  );
  if (!listed) return router;

  const files = new Set([...(buildDir ? listFiles(buildDir) : []), ...listFiles(publicDir)]);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const urlPath = req.path;
    if (urlPath.startsWith("/assets/") || urlPath.startsWith("/uploads/") || files.has(decoded(urlPath)))
      return router(req, res, next);
    next();
  };
}

const A_YEAR = "public, max-age=31536000, immutable";

function validators(res: Response, found: StoredUpload) {
  if (found.lastModified) res.setHeader("Last-Modified", found.lastModified.toUTCString());
  if (found.etag) res.setHeader("ETag", found.etag);
}

/**
 * /uploads/<key> from an upload store, with the headers express.static gives the folder's files:
 * their type, a year's immutable caching, Last-Modified and the store's ETag (a 304 when the client
 * has it). A path that is not a key the shop writes (encoded characters, "..", too long) or a key
 * with no picture goes on to the next handler, the shop's 404 page, as a missing file does.
 */
export function uploadsFrom(store: UploadStore): RequestHandler {
  return (req, res, next) => void serveUpload(store, req, res, next);
}

async function serveUpload(store: UploadStore, req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const key = req.path.slice(1);
  if (!isUploadKey(key)) return next();
  const conditional = Boolean(req.headers["if-none-match"] || req.headers["if-modified-since"]);
  try {
    let found = await store.read(key, { head: req.method === "HEAD" || conditional });
    if (found && conditional) {
      validators(res, found);
      if (req.fresh) return void res.status(304).end();
      if (req.method === "GET") found = await store.read(key);
    }
    if (!found) {
      res.removeHeader("ETag");
      res.removeHeader("Last-Modified");
      return next();
    }
    validators(res, found);
    res.setHeader("Content-Type", found.contentType);
    res.setHeader("Content-Length", String(found.size));
    res.setHeader("Cache-Control", A_YEAR);
    if (!found.body) return void res.end();
    await pipeline(found.body, res).catch(() => {
      // The client went away, or the store's stream broke off: the connection is closed either way.
    });
  } catch (error) {
    // The store did not answer (a network fault, wrong credentials): the shop's fault, not the client's.
    console.error(`Uploads: could not read ${key} from ${store.location}:`, error);
    if (!res.headersSent)
      res.status(502).type("text/plain").send("The picture store did not answer. Please try again.");
    else res.destroy();
  }
}
