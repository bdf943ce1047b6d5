import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { PublicError } from "~/lib/public-error";
import { IMAGE_TOO_LARGE, bytesFromDataUrl, type ImageUpload } from "~/models/uploads";
import { BODY_LIMITS, BodyError, bodyTooLarge, isBodyError, isMultipart } from "~/web/body-limits.server";
import { uploadFilePath } from "~/web/upload-files.server";

/** Stands in for a file part that was over the size limit: drained, not kept, so the other fields are still read. */
export const FILE_TOO_LARGE = "__file_too_large__";
/** Stands in for a file part past the number a field takes: drained, not kept. */
export const FILE_NOT_KEPT = "__file_not_kept__";

export type FormReadOptions = {
  /** The file fields this form takes, with how many files each keeps; files in other fields are drained and dropped. */
  files?: Record<string, number>;
};

const NOT_A_FORM = "Send the form as application/x-www-form-urlencoded or multipart/form-data.";
const MALFORMED = "The form data is malformed or incomplete.";

// Names that form-data parsers turn into object paths (remix-validated-form reads `a[b]` and `a.b`).
const DANGEROUS_NAME = /(^|[.[\]])(__proto__|constructor|prototype)([.[\]]|$)/;

function checkName(name: string) {
  if (DANGEROUS_NAME.test(name)) throw new BodyError(400, `The field name "${name.slice(0, 60)}" is not allowed.`);
}

export function isFormContentType(contentType: string | null): boolean {
  return isMultipart(contentType) || /^application\/x-www-form-urlencoded\b/i.test(contentType?.trim() ?? "");
}

/**
 * The form data of a urlencoded or multipart request, read as a stream: text fields are limited
 * to BODY_LIMITS.text together, files are written to temporary files (at most BODY_LIMITS.file
 * each, and only in the fields `options.files` names). Throws a BodyError for anything else.
 */
export async function readFormBody(request: Request, options: FormReadOptions = {}): Promise<FormData> {
  const contentType = request.headers.get("Content-Type");
  if (!isFormContentType(contentType)) throw new BodyError(415, NOT_A_FORM);
  const form = new FormData();
  if (!request.body) return form;

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType ?? "" },
      limits: {
        fieldNameSize: 200,
        fieldSize: BODY_LIMITS.text,
        fileSize: BODY_LIMITS.file,
        parts: 1000,
        headerPairs: 20,
      },
    });
  } catch {
    throw new BodyError(400, isMultipart(contentType) ? "The form data has no multipart boundary." : MALFORMED);
  }

  let textBytes = 0;
  let failure: unknown = null;
  const kept = new Map<string, number>();
  const open = new Set<BusboyFileStream>();
  // Fields and files in the order they were sent (a product's first picture stays its first),
  // whichever file finishes writing first.
  const entries: [string, FormDataEntryValue | Promise<FormDataEntryValue>][] = [];
  // Stops reading: the file being written is abandoned too, so that nothing waits for it.
  const fail = (error: unknown) => {
    failure ??= error;
    for (const stream of open) stream.destroy(error instanceof Error ? error : undefined);
    parser.destroy(error instanceof Error ? error : undefined);
  };

  parser.on("field", (name, value, nameTruncated, valueTruncated) => {
    try {
      if (nameTruncated) throw new BodyError(400, "A field name is too long.");
      checkName(name);
      textBytes += name.length + value.length;
      if (valueTruncated || textBytes > BODY_LIMITS.text) throw bodyTooLarge(BODY_LIMITS.text);
      entries.push([name, value]);
    } catch (error) {
      fail(error);
    }
  });
  parser.on("file", (name, stream, filename, _encoding, mimeType) => {
    // Errors are read where the stream is consumed (or not at all for a drained part); without a
    // listener, one arriving before that would crash the process.
    stream.on("error", () => {});
    const allowed = options.files?.[name] ?? 0;
    const count = kept.get(name) ?? 0;
    try {
      checkName(name);
    } catch (error) {
      stream.resume();
      return fail(error);
    }
    // No file chosen (browsers send an empty part), or a field that takes no files: drained and dropped.
    if (!filename || allowed === 0) return void stream.resume();
    if (count >= allowed) {
      stream.resume();
      return void entries.push([name, FILE_NOT_KEPT]);
    }
    kept.set(name, count + 1);
    open.add(stream);
    entries.push([
      name,
      keepFile(stream, filename, mimeType)
        .then(
          (file) => file ?? FILE_TOO_LARGE,
          (error: unknown) => {
            failure ??= error;
            return FILE_TOO_LARGE;
          },
        )
        .finally(() => open.delete(stream)),
    ]);
  });

  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
  } catch (error) {
    fail(error);
  }
  const values = await Promise.all(entries.map(([, value]) => Promise.resolve(value)));
  // A file the disk refused is the server's problem; anything else went wrong in what was sent.
  if (failure)
    throw isBodyError(failure) || (failure as { syscall?: string }).syscall ? failure : new BodyError(400, MALFORMED);
  entries.forEach(([name], i) => form.append(name, values[i]));
  return form;
}

/** Writes one file part to a temporary file; null when it was over the size limit (then nothing is kept). */
async function keepFile(stream: BusboyFileStream, filename: string, type: string): Promise<File | null> {
  const file = await uploadFilePath();
  await pipeline(stream, fs.createWriteStream(file));
  if (stream.truncated) {
    await fs.promises.rm(file, { force: true });
    return null;
  }
  return new File([await fs.openAsBlob(file, { type })], filename, { type });
}

/** The bytes of an upload, as the models take them: a kept file or a data URL; null when none was sent. */
function imageOf(value: unknown, field: string): ImageUpload | null {
  if (value === FILE_TOO_LARGE) throw new PublicError(IMAGE_TOO_LARGE, 413, field);
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string") return bytesFromDataUrl(value);
  if (value instanceof Blob) return value.size === 0 ? null : value;
  throw new PublicError("Send the image as a file or a data URL.", 400, field);
}

/** What the account forms keep of a multipart body: one `avatar` file. */
export const AVATAR_FILES = { avatar: 1 };

/** One image field (an avatar): a file or a data URL, or null; several are refused. */
export function singleImage(value: unknown, field: string): ImageUpload | null {
  const values = Array.isArray(value) ? value : [value];
  if (values.length > 1) throw new PublicError("Please choose one image only.", 400, field);
  return imageOf(values[0], field);
}

/** A repeated image field (a product's pictures); `assertCount` applies the model's rule to how many were sent. */
export function imageList(value: unknown, field: string, assertCount: (count: number) => void): ImageUpload[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  assertCount(values.filter((v) => v !== "" && v !== null).length);
  return values.map((v) => imageOf(v, field)).filter((v): v is ImageUpload => v !== null);
}
