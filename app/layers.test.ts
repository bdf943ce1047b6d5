import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layers of app/ and what each may import (docs/code-map.md). Imports only ever go down:
// routes → web → models → db, with lib (pure helpers) and components (views) beside them.
const APP = path.resolve(__dirname);

type Layer = "routes" | "web" | "models" | "db" | "seed" | "lib" | "components" | "emails" | "config" | "startup" | "entry";

const MAY_IMPORT: Record<Layer, Layer[]> = {
  entry: ["routes", "web", "models", "components", "lib", "config"],
  routes: ["web", "models", "components", "lib", "config"],
  web: ["web", "models", "lib", "config"],
  startup: ["models", "db", "seed", "lib", "config"],
  seed: ["seed", "models", "db", "lib", "config"],
  models: ["models", "db", "lib", "emails", "config"],
  db: ["db", "lib", "config"],
  components: ["components", "lib"],
  // Mail templates: React views of plain props, rendered by models/mail-messages.server.tsx.
  emails: ["emails", "lib"],
  lib: ["lib"],
  config: [],
};

function layerOf(file: string): Layer {
  const rel = path.relative(APP, file).replace(/\.tsx?$/, "").split(path.sep);
  if (rel[0] === "config.server") return "config";
  if (["startup.server", "startup-messages.server", "workers.server"].includes(rel[0])) return "startup";
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

/** The app files a module imports (`~/…` and relative specifiers), resolved to paths. */
function appImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers
    .filter((s) => s.startsWith("~/") || s.startsWith("."))
    .filter((s) => !/\.css(\?url)?$/.test(s))
    .map((s) => (s.startsWith("~/") ? path.join(APP, s.slice(2)) : path.resolve(path.dirname(file), s)));
}

const files = sourceFiles(APP);

describe("layers", () => {
  it("finds the app's modules", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("no import runs back up the layers", () => {
    const violations = files.flatMap((file) =>
      appImports(file)
        .filter((target) => !MAY_IMPORT[layerOf(file)].includes(layerOf(target)) && layerOf(target) !== layerOf(file))
        .map((target) => `${path.relative(APP, file)} → ${path.relative(APP, target)}`),
    );
    expect(violations).toEqual([]);
  });

  it("models take plain values: no Request, no Remix, no redirects", () => {
    const models = files.filter((f) => layerOf(f) === "models" || layerOf(f) === "db");
    const offenders = models.filter((f) => /@remix-run\/|remix-toast|\bRequest\b|redirect\(/.test(fs.readFileSync(f, "utf8")));
    expect(offenders.map((f) => path.relative(APP, f))).toEqual([]);
  });

  it("code that reaches the browser imports no server module", () => {
    const browser = files.filter((f) => ["components", "lib"].includes(layerOf(f)));
    const offenders = browser.filter((f) => appImports(f).some((target) => /\.server$/.test(target)));
    expect(offenders.map((f) => path.relative(APP, f))).toEqual([]);
  });
});
