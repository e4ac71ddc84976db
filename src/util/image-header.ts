/**
 * The width and height an image file declares in its header, for the four formats the platform's
 * image upload takes. Only the header is read (no decoding); a file that is not of the named format,
 * or too short to say, gives `undefined`.
 */
export type ImageFormat = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface Dimensions {
  w: number;
  h: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
const u32be = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const u32le = (bytes: Uint8Array, at: number) => (u24le(bytes, at) | (bytes[at + 3]! << 24)) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: the signature, then the IHDR chunk, whose data starts with width and height (big-endian). */
function png(bytes: Uint8Array): Dimensions | undefined {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte) || ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  return { w: u32be(bytes, 16), h: u32be(bytes, 20) };
}

/** GIF: `GIF87a` or `GIF89a`, then the logical screen's width and height (little-endian). */
function gif(bytes: Uint8Array): Dimensions | undefined {
  if (bytes.length < 10 || !/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return undefined;
  return { w: u16le(bytes, 6), h: u16le(bytes, 8) };
}

/** Start-of-frame markers (C0–CF but DHT C4, JPG C8 and DAC CC): their segment holds the frame's size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: SOI, then segments (marker, big-endian length) up to the first start-of-frame: precision, height, width. */
function jpeg(bytes: Uint8Array): Dimensions | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte before a marker
      continue;
    }
    // Markers without a segment: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, or scan data before any frame
    if (isStartOfFrame(marker)) return at + 9 <= bytes.length ? { w: u16be(bytes, at + 7), h: u16be(bytes, at + 5) } : undefined;
    at += 2 + u16be(bytes, at + 2);
  }
  return undefined;
}

/** WebP: a RIFF container whose first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webp(bytes: Uint8Array): Dimensions | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return { w: u16le(bytes, 26) & 0x3fff, h: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // The signature 0x2F, then width − 1 and height − 1 in 14 bits each.
    if (bytes[20] !== 0x2f) return undefined;
    const bits = u32le(bytes, 21);
    return { w: (bits & 0x3fff) + 1, h: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { w: u24le(bytes, 24) + 1, h: u24le(bytes, 27) + 1 };
  return undefined;
}

const READERS: Record<ImageFormat, (bytes: Uint8Array) => Dimensions | undefined> = {
  'image/png': png,
  'image/jpeg': jpeg,
  'image/gif': gif,
  'image/webp': webp,
};

export const IMAGE_FORMATS = Object.keys(READERS) as ImageFormat[];

/** The dimensions `bytes` declare as an image of `format`; `undefined` when they are not one. */
export function imageDimensions(format: ImageFormat, bytes: Uint8Array): Dimensions | undefined {
  const dimensions = READERS[format](bytes);
  return dimensions && dimensions.w > 0 && dimensions.h > 0 ? dimensions : undefined;
}
