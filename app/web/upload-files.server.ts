import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processWide } from "~/lib/process-wide.server";

// Uploaded files are streamed to a temporary folder per request, never kept in memory, and the
// folder goes when the request has been answered. The edge (server/remix-handler.server.ts) opens
// the scope and the routes fill it: process-wide, so that in development, where Vite evaluates this
// module again after an edit while the edge keeps the first copy, both still share it.
type UploadScope = { dir: Promise<string> | null };
const scopes = processWide("uploadScopes", () => new AsyncLocalStorage<UploadScope>());

/** Runs `work` (answering one request); the files uploaded meanwhile are removed once it is done. */
export async function withUploadScope<T>(work: () => Promise<T>): Promise<T> {
  const scope: UploadScope = { dir: null };
  try {
    return await scopes.run(scope, work);
  } finally {
    if (scope.dir) await fs.promises.rm(await scope.dir, { recursive: true, force: true });
  }
}

const prefix = () => path.join(os.tmpdir(), "shop-upload-");

// Outside a request scope (a unit test calling an action), one folder for the process, removed at exit.
let processDir: string | null = null;
function processWideDir(): string {
  if (!processDir) {
    const dir = fs.mkdtempSync(prefix());
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    processDir = dir;
  }
  return processDir;
}

let counter = 0;
/** A fresh path for an uploaded file, in the current request's temporary folder. */
export async function uploadFilePath(): Promise<string> {
  const scope = scopes.getStore();
  const dir = scope ? await (scope.dir ??= fs.promises.mkdtemp(prefix())) : processWideDir();
  return path.join(dir, `part-${++counter}`);
}
