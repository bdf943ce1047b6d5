/**
 * The most pixels an uploaded picture may have. A few bytes of PNG can declare 16,000 × 16,000
 * pixels (a decompression bomb: 768 MB once decoded), so the header is checked before any decoding.
 * 50 megapixels takes every phone's and most cameras' photos (8,160 × 6,120 is 49.9).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;
