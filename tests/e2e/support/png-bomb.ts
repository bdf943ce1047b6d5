import { deflateSync } from "node:zlib";

// A decompression bomb made cheaply: a real PNG whose header declares `width` × `height` pixels
// of 1-bit grey, all black. Its zeros deflate about a thousand to one, so a 16,000 × 16,000 bomb
// (256 megapixels, about 770 MB once decoded to RGB) is a file of about 30 KB built in milliseconds.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG declaring `width` × `height` pixels. With `pixelData: "none"` the IDAT holds a few bytes
 * only: the header is all a reader gets right, so anything that tries to decode it fails.
 */
export function pngBomb(
  width = 16_000,
  height = 16_000,
  { pixelData = "all" }: { pixelData?: "all" | "none" } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale; compression, filter and interlace stay 0
  const rowBytes = 1 + Math.ceil(width / 8); // a filter byte, then the row's bits
  const pixels =
    pixelData === "all"
      ? deflateSync(Buffer.alloc(rowBytes * height), { level: 9 })
      : deflateSync(Buffer.alloc(rowBytes));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
