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

// app/models is grouped by what the shop does: one folder per domain (orders, checkout, mail, …),
// each with a face, its index.ts, that is all other domains and the outer layers import; inside a
// domain, modules import each other directly. The types several domains share live in
// app/models/types.ts, below every domain. Domains import each other's faces without a circle.
const MODELS = path.join(APP, "models");

/** The domain a file or import target belongs to ("orders"), or null outside app/models' folders. */
function domainOf(file: string): string | null {
  const rel = path.relative(MODELS, file).split(path.sep);
  if (rel[0] === ".." || rel[0] === "") return null;
  // A file of a domain's folder, or the folder itself (its face, imported as `~/models/orders`).
  return rel.length > 1 || fs.statSync(path.join(MODELS, rel[0]!), { throwIfNoEntry: false })?.isDirectory()
    ? rel[0]!
    : null;
}

const isFace = (target: string) =>
  /^(index(\.ts)?)?$/.test(path.relative(path.join(MODELS, domainOf(target)!), target));

/** An import that reaches into another domain past its face: `~/models/orders/refunds.server`. */
function pastTheFace(file: string, target: string): boolean {
  const domain = domainOf(target);
  return domain !== null && domainOf(file) !== domain && !isFace(target);
}

/** A domain's module importing its own face (a circle through index.ts). */
const throughOwnFace = (file: string, target: string) =>
  domainOf(file) !== null &&
  domainOf(file) === domainOf(target) &&
  isFace(target) &&
  !isFace(file.replace(/\.ts$/, ""));

/** The circles of a graph of domains (each as its path, first domain repeated at the end). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === trail[0]) found.push([...trail, next]);
      else if (!trail.includes(next) && next > trail[0]!) walk(next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return found;
}

/** Which domains each domain imports (app/models' own code, tests left out). */
function domainGraph(modelFiles: string[], importsOf: (file: string) => string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of modelFiles) {
    const from = domainOf(file);
    if (from === null) continue;
    for (const target of importsOf(file)) {
      const to = domainOf(target);
      if (to !== null && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every file that may import the models: app/, server/, and beside them bench/, scripts/, tests/ and the root's. */
function outerFiles(): string[] {
  const all = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : all(full);
      return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : [];
    });
  const root = fs
    .readdirSync(ROOT)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(ROOT, name));
  return [...["app", "server", "bench", "scripts", "tests"].flatMap((dir) => all(path.join(ROOT, dir))), ...root];
}

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

  it("finds the models' domains, each with its face", () => {
    const domains = fs.readdirSync(MODELS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(domains.length).toBeGreaterThan(8);
    for (const domain of domains) expect(fs.existsSync(path.join(MODELS, domain.name, "index.ts"))).toBe(true);
    expect(domainOf(path.join(MODELS, "orders/refunds.server.ts"))).toBe("orders");
    expect(domainOf(path.join(MODELS, "types.ts"))).toBe(null);
  });

  it("outside a domain, code imports only its face", () => {
    // A made-up import past a face is refused; the face itself, and a module of the same domain, are not.
    const web = path.join(APP, "web/orders-csv.server.ts");
    expect(pastTheFace(web, path.join(MODELS, "after-sales/refunds.server"))).toBe(true);
    expect(
      pastTheFace(path.join(MODELS, "checkout/settlement.server.ts"), path.join(MODELS, "orders/orders.server")),
    ).toBe(true);
    expect(pastTheFace(web, path.join(MODELS, "after-sales"))).toBe(false);
    expect(pastTheFace(web, path.join(MODELS, "after-sales/index"))).toBe(false);
    expect(
      pastTheFace(path.join(MODELS, "after-sales/returns.server.ts"), path.join(MODELS, "after-sales/refunds.server")),
    ).toBe(false);
    expect(pastTheFace(web, path.join(MODELS, "types"))).toBe(false);

    const offenders = outerFiles().flatMap((file) =>
      appImports(file)
        .filter((target) => pastTheFace(file, target))
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("inside a domain, modules import each other, not their own face", () => {
    expect(throughOwnFace(path.join(MODELS, "orders/invoices.server.ts"), path.join(MODELS, "orders"))).toBe(true);
    expect(throughOwnFace(path.join(MODELS, "orders/invoices.server.ts"), path.join(MODELS, "checkout"))).toBe(false);
    const offenders = outerFiles().flatMap((file) =>
      appImports(file)
        .filter((target) => throughOwnFace(file, target))
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("no circle runs between the domains, and the shared types import none", () => {
    // A made-up circle is found: orders → checkout → orders.
    const madeUp = domainGraph(
      [path.join(MODELS, "orders/orders.server.ts"), path.join(MODELS, "checkout/buyer.server.ts")],
      (file) => [path.join(MODELS, file.includes("orders/") ? "checkout" : "orders")],
    );
    expect(circles(madeUp)).toEqual([["checkout", "orders", "checkout"]]);

    const models = files.filter((f) => layerOf(f) === "models");
    expect(circles(domainGraph(models, appImports))).toEqual([]);
    expect(appImports(path.join(MODELS, "types.ts")).filter((target) => domainOf(target) !== null)).toEqual([]);
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
