/**
 * Small image files built byte by byte for the upload tests: a real PNG a browser draws, and files
 * of the other formats whose headers declare the given size (the mock reads headers, not pixels).
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decodable RGB PNG of `w` × `h` pixels, all of one colour. */
export function png(w: number, h: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  const row = Buffer.from([0, ...Array.from({ length: w }, () => rgb).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF89a whose logical screen is `w` × `h`. */
export function gif(w: number, h: number): Buffer {
  const file = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
  file.writeUInt16LE(w, 6);
  file.writeUInt16LE(h, 8);
  return file;
}

/** A JPEG: SOI, a JFIF APP0 segment, fill bytes, then a baseline SOF0 frame of `w` × `h`, and EOI. */
export function jpeg(w: number, h: number): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const sof0 = Buffer.from('ffc00011080000000003012200021101031101', 'hex');
  sof0.writeUInt16BE(h, 5);
  sof0.writeUInt16BE(w, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff]), sof0, Buffer.from([0xff, 0xd9])]);
}

/** A WebP of `w` × `h` in one of its three first-chunk forms. */
export function webp(w: number, h: number, form: 'VP8 ' | 'VP8L' | 'VP8X' = 'VP8X'): Buffer {
  const data = Buffer.alloc(18);
  if (form === 'VP8 ') {
    data.set([0x9d, 0x01, 0x2a], 3);
    data.writeUInt16LE(w, 6);
    data.writeUInt16LE(h, 8);
  } else if (form === 'VP8L') {
    data[0] = 0x2f;
    data.writeUInt32LE(((w - 1) | ((h - 1) << 14)) >>> 0, 1);
  } else {
    data.writeUIntLE(w - 1, 4, 3);
    data.writeUIntLE(h - 1, 7, 3);
  }
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  const body = Buffer.concat([Buffer.from(`WEBP${form}`, 'ascii'), size, data]);
  const riff = Buffer.alloc(4);
  riff.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), riff, body]);
}
