import {
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { MAX_IMAGE_BYTES, bytesFromDataUrl } from "~/models/images.server";

/** Stands in for a file part that was over the limit, so the other fields are still read. */
export const FILE_TOO_LARGE = "__file_too_large__";

const boundedFileHandler: UploadHandler = async ({ filename, contentType, data }) => {
  if (!filename) return undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= MAX_IMAGE_BYTES) chunks.push(new Uint8Array(chunk));
  }
  return size > MAX_IMAGE_BYTES ? FILE_TOO_LARGE : new File(chunks, filename, { type: contentType });
};

/** Form data of a multipart or urlencoded request; files over 10 MB are drained, not kept. */
export async function readFormWithFiles(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return request.formData();
  return unstable_parseMultipartFormData(
    request,
    unstable_composeUploadHandlers(boundedFileHandler, unstable_createMemoryUploadHandler({ maxPartSize: 100_000 })),
  );
}

/** The bytes of an uploaded file field, or null when no file was chosen. */
export async function fileBytes(value: FormDataEntryValue | null | undefined): Promise<Buffer | null> {
  if (value === FILE_TOO_LARGE) return Buffer.alloc(MAX_IMAGE_BYTES + 1);
  if (!value || typeof value === "string" || value.size === 0) return null;
  return Buffer.from(await value.arrayBuffer());
}

/** An image sent to the API as a data URL (the original API's way) or as a multipart file. */
export async function uploadedImageBytes(value: unknown): Promise<Buffer | null> {
  if (typeof value === "string") return value && value !== FILE_TOO_LARGE ? bytesFromDataUrl(value) : fileBytes(value);
  return fileBytes(value as FormDataEntryValue | null | undefined);
}
