import { uploadedImageBytes } from "~/web/multipart.server";

/** The `images` of an API call: one or several data URLs or files. */
export async function apiImages(value: unknown): Promise<Buffer[]> {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const buffers = await Promise.all(values.map((v) => uploadedImageBytes(v)));
  return buffers.filter((b): b is Buffer => b !== null);
}
