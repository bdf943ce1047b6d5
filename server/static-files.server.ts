import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

export type StaticFilesOptions = {
  /** The client build (`build/client`), served unless Vite's dev server serves it instead. */
  buildDir?: string;
  publicDir: string;
  uploadsDir: string;
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
export function staticFiles({ buildDir, publicDir, uploadsDir, listed }: StaticFilesOptions): RequestHandler {
  const router = express.Router();
  if (buildDir) {
    router.use("/assets", express.static(path.join(buildDir, "assets"), { immutable: true, maxAge: "1y" }));
    router.use(express.static(buildDir, { maxAge: "1h" }));
  }
  router.use(express.static(publicDir, { maxAge: "1h" }));
  router.use("/uploads", express.static(uploadsDir, { immutable: true, maxAge: "1y", index: false }));
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
