import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BodyError } from "./body-limits.server";
import { readForm } from "./forms.server";
import { FILE_NOT_KEPT, FILE_TOO_LARGE, readFormBody } from "./multipart.server";
import { withUploadScope } from "./upload-files.server";

const MB = 1024 * 1024;
const post = (contentType: string | null, body: BodyInit, method = "POST") =>
  new Request("http://shop.test/form", { method, body, headers: contentType ? { "Content-Type": contentType } : {} });

function multipart(parts: { name: string; value?: string; file?: Buffer; filename?: string }[]) {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="${p.name}"${p.file ? `; filename="${p.filename ?? "f.png"}"\r\nContent-Type: image/png` : ""}\r\n\r\n`,
    ),
    p.file ?? Buffer.from(p.value ?? ""),
    Buffer.from("\r\n"),
  ]);
  return post("multipart/form-data; boundary=b", Buffer.concat([...chunks, Buffer.from("--b--\r\n")]));
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: BodyError) => ({ status: error.status, message: error.message }),
  );
// A temporary folder of this file's own, so that uploads elsewhere on the machine are not counted.
process.env.TMPDIR = fs.mkdtempSync(path.join(os.tmpdir(), "multipart-test-"));
const uploadDirs = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("shop-upload-"));

describe("readFormBody", () => {
  it("reads urlencoded and multipart forms, repeated fields included", async () => {
    const form = await readFormBody(post("application/x-www-form-urlencoded", "a=1&a=2&b=%C3%A9"));
    expect(form.getAll("a")).toEqual(["1", "2"]);
    expect(form.get("b")).toBe("é");
    const parts = await readFormBody(
      multipart([
        { name: "name", value: "Ann" },
        { name: "note", value: "x" },
      ]),
    );
    expect(Object.fromEntries(parts)).toEqual({ name: "Ann", note: "x" });
  });

  it("refuses what is not a form (415), broken multipart and dangerous names (400), text over the limit (413)", async () => {
    expect(await failure(readFormBody(post("application/json", "{}")))).toMatchObject({ status: 415 });
    expect(await failure(readFormBody(post(null, "a=1")))).toMatchObject({ status: 415 });
    expect(await failure(readFormBody(post("multipart/form-data", "--x\r\nbroken")))).toEqual({
      status: 400,
      message: "The form data has no multipart boundary.",
    });
    expect(await failure(readFormBody(post("multipart/form-data; boundary=x", "--x\r\nbroken")))).toEqual({
      status: 400,
      message: "The form data is malformed or incomplete.",
    });
    for (const name of ["__proto__", "__proto__[role]", "constructor[prototype][x]", "a.prototype"]) {
      expect(
        await failure(readFormBody(post("application/x-www-form-urlencoded", `${encodeURIComponent(name)}=1`))),
      ).toMatchObject({ status: 400, message: expect.stringContaining("is not allowed") });
      expect(await failure(readFormBody(multipart([{ name, value: "1" }])))).toMatchObject({ status: 400 });
    }
    expect(
      await failure(readFormBody(post("application/x-www-form-urlencoded", `a=${"x".repeat(MB + 1)}`))),
    ).toMatchObject({ status: 413 });
    expect(
      await failure(
        readFormBody(
          multipart([
            { name: "a", value: "x".repeat(MB / 2 + 1) },
            { name: "b", value: "x".repeat(MB / 2 + 1) },
          ]),
        ),
      ),
    ).toMatchObject({ status: 413 });
  });

  it("keeps files on disk in the fields it is told, drains an oversize one and extra ones, keeps the other fields", async () => {
    const request = () =>
      multipart([
        { name: "name", value: "Ann" },
        { name: "avatar", file: Buffer.alloc(10 * MB + 1, 1) },
        { name: "images", file: Buffer.from("one") },
        { name: "images", file: Buffer.from("two") },
        { name: "images", file: Buffer.from("three") },
        { name: "other", file: Buffer.from("dropped") },
        { name: "images", file: Buffer.alloc(0), filename: "" },
        { name: "email", value: "ann@example.com" },
      ]);
    expect(uploadDirs()).toEqual([]);
    await withUploadScope(async () => {
      const form = await readFormBody(request(), { files: { avatar: 1, images: 2 } });
      expect(form.get("name")).toBe("Ann");
      expect(form.get("email")).toBe("ann@example.com");
      expect(form.get("avatar")).toBe(FILE_TOO_LARGE);
      expect(form.has("other")).toBe(false);
      const images = form.getAll("images");
      expect(images).toHaveLength(3);
      expect(images).toContain(FILE_NOT_KEPT);
      const files = images.filter((v): v is File => v instanceof File);
      expect(await Promise.all(files.map((f) => f.text()))).toEqual(["one", "two"]);
      expect(uploadDirs()).toHaveLength(1);
    });
    // The request's folder goes once it is answered.
    expect(uploadDirs()).toEqual([]);
  });
});

describe("readForm (pages)", () => {
  it("takes POST only, and answers a refused body as the error page with its status", async () => {
    const thrown = await readForm(post("application/x-www-form-urlencoded", "a=1", "PUT")).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 405 }, data: expect.stringContaining("PUT is not allowed") });
    const json = await readForm(post("application/json", "{}")).catch((e: unknown) => e);
    expect(json).toMatchObject({ init: { status: 415 } });
    expect(Object.fromEntries(await readForm(post("application/x-www-form-urlencoded", "a=1")))).toEqual({ a: "1" });
  });
});
