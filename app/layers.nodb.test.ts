import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The layers of app/ and server/ and what each may import (docs/code-map.md). Imports only ever go
// down: server (the HTTP edge and start-up, beside server.ts) → routes → web → models → db, with lib
// (pure helpers) and components (views) beside them. Nothing in app/ imports server/.
const APP = path.resolve(__dirname);
const SERVER = path.resolve(__dirname, "../server");
const ROOT = path.resolve(__dirname, "..");

type Layer =
  "server" | "routes" | "web" | "models" | "db" | "seed" | "lib" | "components" | "emails" | "config" | "entry";

const MAY_IMPORT: Record<Layer, Layer[]> = {
  server: ["server", "web", "models", "db", "seed", "lib", "config"],
  entry: ["routes", "web", "models", "components", "lib", "config"],
  routes: ["web", "models", "components", "lib", "config"],
  web: ["web", "models", "lib", "config"],
  seed: ["seed", "models", "db", "lib", "config"],
  models: ["models", "db", "lib", "emails", "config"],
  db: ["db", "lib", "config"],
  components: ["components", "lib"],
  // Mail templates: React views of plain props, rendered by models/mail/mail-messages.server.tsx.
  emails: ["emails", "lib"],
  lib: ["lib"],
  config: [],
};

function layerOf(file: string): Layer {
  if (!path.relative(SERVER, file).startsWith("..")) return "server";
  const rel = path
    .relative(APP, file)
    .replace(/\.tsx?$/, "")
    .split(path.sep);
  if (rel[0] === "..") throw new Error(`${file} is outside app/ and server/`);
  if (rel[0] === "config.server") return "config";
  if (rel.length === 1) return "entry"; // root.tsx, entry.server.tsx, routes.ts
  if (rel[0] === "routes") return "routes";
  if (rel[0] in MAY_IMPORT) return rel[0] as Layer;
  throw new Error(`${file} is in no layer`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "types" || entry.name === "styles" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The app and server files a module imports (`~/…` and relative specifiers, static, dynamic and
 * re-exports, in any quotes: TypeScript's own scanner finds them), resolved to paths.
 */
function appImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((s) => s.startsWith("~/") || s.startsWith("."))
    .filter((s) => !/\.css(\?url)?$/.test(s))
    .map((s) => (s.startsWith("~/") ? path.join(APP, s.slice(2)) : path.resolve(path.dirname(file), s)))
    .filter((target) => [APP, SERVER].some((dir) => !path.relative(dir, target).startsWith("..")));
}

/** The modules a file imports for their values (not `import type`), as written. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  return source.statements
    .filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly)
    .map((s) => (s.moduleSpecifier as ts.StringLiteral).text);
}

const files = [...sourceFiles(APP), ...sourceFiles(SERVER)];

describe("layers", () => {
  it("finds the app's and the server's modules", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => layerOf(f) === "server").length).toBeGreaterThan(10);
  });

  it("reads imports in either quote, dynamic ones and re-exports", () => {
    const scanned = (source: string) => ts.preProcessFile(source, true, true).importedFiles.map((i) => i.fileName);
    expect(scanned(`import a from '~/a';\nexport { b } from "./b";\nconst c = await import('../c');`)).toEqual([
      "~/a",
      "./b",
      "../c",
    ]);
  });

  it("app/ never imports server/", () => {
    const offenders = files
      .filter((f) => layerOf(f) !== "server")
      .flatMap((f) =>
        appImports(f)
          .filter((target) => layerOf(target) === "server")
          .map((target) => `${path.relative(ROOT, f)} → ${path.relative(ROOT, target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it("no import runs back up the layers", () => {
    const violations = files.flatMap((file) =>
      appImports(file)
        .filter((target) => !MAY_IMPORT[layerOf(file)].includes(layerOf(target)) && layerOf(target) !== layerOf(file))
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(violations).toEqual([]);
  });

  it("the launcher loads app/ and server/ code only from the build (one module graph), never beside it", () => {
    // server.ts → server/launch.ts, which imports the built server/main.ts (or Vite's in development)
    // and takes only types from app/ and server/: a module imported here would exist twice.
    expect(valueImports(path.join(ROOT, "server.ts"))).toEqual(["./server/launch"]);
    const launcher = valueImports(path.join(SERVER, "launch.ts"));
    expect(
      launcher
        .filter((s) => s.startsWith(".") && !s.startsWith("../sandbox/"))
        .concat(launcher.filter((s) => s.startsWith("~/"))),
    ).toEqual([]);
    expect(fs.readFileSync(path.join(SERVER, "launch.ts"), "utf8")).toMatch(/build\/server[\s\S]*main\.js|"main\.js"/);
  });

  it("models take plain values: no Request, no Remix, no redirects", () => {
    const models = files.filter((f) => layerOf(f) === "models" || layerOf(f) === "db");
    const offenders = models.filter((f) =>
      /@remix-run\/|remix-toast|\bRequest\b|redirect\(/.test(fs.readFileSync(f, "utf8")),
    );
    expect(offenders.map((f) => path.relative(APP, f))).toEqual([]);
  });

  it("code that reaches the browser imports no server module", () => {
    const browser = files.filter((f) => ["components", "lib"].includes(layerOf(f)));
    const offenders = browser.filter((f) => appImports(f).some((target) => /\.server$/.test(target)));
    expect(offenders.map((f) => path.relative(APP, f))).toEqual([]);
  });
});
