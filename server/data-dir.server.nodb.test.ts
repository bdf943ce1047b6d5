import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderProblem, unwritableFolder } from "./data-dir.server";

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-data-dir-"));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("unwritableFolder", () => {
  it("creates a missing folder and finds nothing wrong with one it can write", () => {
    const folder = path.join(tempDir(), "data", "uploads");
    expect(unwritableFolder(folder)).toBeNull();
    expect(fs.statSync(folder).isDirectory()).toBe(true);
  });

  it("says in one line why a folder cannot be made", () => {
    const file = path.join(tempDir(), "a-file");
    fs.writeFileSync(file, "");
    const problem = unwritableFolder(path.join(file, "data"));
    expect(problem).toContain(`The shop cannot keep its data in ${path.join(file, "data")}`);
    expect(problem).toContain("ENOTDIR");
    expect(problem).not.toContain("\n");
  });
});

describe("folderProblem", () => {
  const denied = (at: string) =>
    Object.assign(new Error(`EACCES: permission denied, mkdir '${at}'`), { code: "EACCES", path: at });

  it("tells the owner of a volume the shop's user cannot write how to give it to that user", () => {
    const problem = folderProblem("/data", denied("/data"), { uid: 1000, gid: 1000 });
    expect(problem).toBe(
      "The shop cannot write to /data: it runs as uid 1000, gid 1000. Give the folder (or the volume mounted there) " +
        "to that user, e.g. `chown -R 1000:1000 <that folder on the host>`, or point DATABASE_URL / UPLOADS_DIR at a " +
        "folder it can write, and start again.",
    );
  });

  it("names the sub-folder that could not be made", () => {
    expect(folderProblem("/data/uploads", denied("/data/uploads"), { uid: 1000, gid: 1000 })).toMatch(
      /^The shop cannot write to \/data\/uploads: /,
    );
    expect(folderProblem("/data/a/b", denied("/data/a"), { uid: 7, gid: 8 })).toMatch(
      /^The shop cannot write to \/data\/a\/b \(\/data\/a\): .*chown -R 7:8/,
    );
  });

  it("says a read-only file system needs a writable volume", () => {
    const readOnly = Object.assign(new Error("EROFS: read-only file system, access '/data'"), {
      code: "EROFS",
      path: "/data",
    });
    expect(folderProblem("/data", readOnly, { uid: 1000, gid: 1000 })).toBe(
      "The shop cannot write to /data: it is on a read-only file system. Mount a writable volume there and start again.",
    );
  });
});
