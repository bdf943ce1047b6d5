import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// bench/ and scripts/ stand apart: neither imports the other (nor runs the other's files), and
// what both use (the throwaway PostgreSQL server, HAProxy, the load's shoppers and checkouts)
// lives in tools/, which uses neither.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["bench", "scripts", "tools"] as const;
const MAY_NOT_USE: Record<(typeof FOLDERS)[number], string[]> = {
  bench: ["scripts"],
  scripts: ["bench"],
  tools: ["bench", "scripts"],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The folders of the repository a file names: by its imports (relative), and by paths from the root it runs ("bench/children/x.ts"). */
function foldersNamedBy(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const named: string[] = [];
  for (const [, quoted] of text.matchAll(/["'`]((?:\.\.?\/|bench\/|scripts\/|tools\/)[^"'`\s]*)["'`]/g)) {
    const target = quoted.startsWith(".") ? path.resolve(path.dirname(file), quoted) : path.join(ROOT, quoted);
    named.push(path.relative(ROOT, target).split(path.sep)[0]);
  }
  return named;
}

describe("bench/, scripts/ and tools/", () => {
  it.each(FOLDERS)("%s uses none of the folders it may not", (folder) => {
    const crossings = sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
      foldersNamedBy(file)
        .filter((named) => MAY_NOT_USE[folder].includes(named))
        .map((named) => `${path.relative(ROOT, file)} → ${named}/`),
    );
    expect(crossings).toEqual([]);
  });
});
