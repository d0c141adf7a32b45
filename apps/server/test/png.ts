import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: its length, type, data and CRC. */
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A whole PNG: its header (sides, bit depth, colour type; deflate, no interlace) and its filtered rows, deflated. */
function png(width: number, height: number, bitDepth: number, colourType: number, rows: Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real PNG of one colour, width by height, made in the test: server tests send it as a new
 * profile picture and the browser test uploads it and sees it drawn (decision 068).
 */
export function makePng(width: number, height: number, rgb: [number, number, number] = [0x2a, 0x7a, 0xd0]): Buffer {
  // Each row: filter type 0, then its pixels (8 bits a channel, RGB).
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return png(width, height, 8, 2, Buffer.concat(Array.from({ length: height }, () => row)));
}

/**
 * A decompression bomb: a black PNG of width by height at one bit a pixel, whose rows of zeros
 * deflate to about a thousandth of their size (12000 × 10000 is some 15 KB), so it passes a body
 * limit while declaring far more pixels than a picture may have (decision 078).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  return png(width, height, 1, 0, Buffer.alloc((1 + Math.ceil(width / 8)) * height));
}
