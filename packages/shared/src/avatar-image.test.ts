import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesBase64, inspectAvatarImage } from './avatar-image.ts';
import { AVATAR_IMAGE_LIMITS, AVATAR_SETTINGS_TEXTS as T } from './avatar-settings-schemas.ts';

/** Headers written by hand from each format's layout: the checks read nothing past them. */
const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (char) => char.charCodeAt(0)) : part)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, n >> 8];
const le24 = (n: number) => [n & 255, (n >> 8) & 255, n >> 16];

const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0], be32(0));
// SOI, an APP0 segment to skip, a DHT (C4, not a frame), then SOF2 (progressive).
const jpeg = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0],
    be16(15),
    'JFIF',
    Array(9).fill(0),
    [0xff, 0xc4],
    be16(4),
    [0, 0],
    [0xff, 0xc2],
    be16(17),
    [8],
    be16(height),
    be16(width),
    [3],
    Array(9).fill(0),
  );
const riff = (chunk: string, data: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], data);
const webpLossy = (width: number, height: number) => riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height)]);
const webpLossless = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff('VP8L', [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255, 0, 0, 0, 0, 0]);
};
const webpExtended = (width: number, height: number) => riff('VP8X', [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);

describe('inspectAvatarImage', () => {
  it.each([
    ['PNG', png(256, 256), 'image/png', 'png'],
    ['JPEG', jpeg(300, 300), 'image/jpeg', 'jpg'],
    ['lossy WebP', webpLossy(128, 128), 'image/webp', 'webp'],
    ['lossless WebP', webpLossless(1024, 1024), 'image/webp', 'webp'],
    ['extended WebP', webpExtended(64, 64), 'image/webp', 'webp'],
  ])('reads a %s’s type and sides from its bytes', (_name, image, contentType, extension) => {
    const check = inspectAvatarImage(image);
    expect(check).toMatchObject({ ok: true, contentType, extension });
    if (check.ok) expect(check.width).toBe(check.height);
  });

  it('allows a side 2% short of square and no more', () => {
    expect(inspectAvatarImage(png(500, 490))).toMatchObject({ ok: true, width: 500, height: 490 });
    expect(inspectAvatarImage(png(500, 489))).toEqual({ ok: false, message: T.imageNotSquare(500, 489) });
    expect(inspectAvatarImage(jpeg(640, 480))).toEqual({ ok: false, message: T.imageNotSquare(640, 480) });
  });

  it('refuses sides out of 64 to 1024', () => {
    expect(inspectAvatarImage(png(63, 63))).toEqual({ ok: false, message: T.imageSide(63, 63) });
    expect(inspectAvatarImage(webpLossless(1025, 1025))).toEqual({ ok: false, message: T.imageSide(1025, 1025) });
    expect(inspectAvatarImage(png(64, 64)).ok).toBe(true);
  });

  it('refuses an SVG, a GIF, a truncated header and anything too big, whatever its name', () => {
    expect(inspectAvatarImage(bytes([0xef, 0xbb, 0xbf], ' <svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      message: T.imageSvg,
    });
    expect(inspectAvatarImage(bytes('GIF89a', be16(64), be16(64)))).toEqual({ ok: false, message: T.imageType });
    expect(inspectAvatarImage(png(256, 256).subarray(0, 20))).toEqual({ ok: false, message: T.imageUnreadable });
    expect(inspectAvatarImage(bytes([0xff, 0xd8, 0xff, 0xda], Array(20).fill(0)))).toEqual({ ok: false, message: T.imageUnreadable });
    const big = new Uint8Array(AVATAR_IMAGE_LIMITS.maxBytes + 1);
    big.set(png(256, 256));
    expect(inspectAvatarImage(big)).toEqual({ ok: false, message: T.imageTooBig });
    expect(inspectAvatarImage(new Uint8Array(0))).toEqual({ ok: false, message: T.imageMissing });
  });
});

describe('base64', () => {
  it('encodes RFC 4648’s examples, goes there and back for every length remainder, and refuses what is not base64', () => {
    const rfc: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of rfc) {
      const data = bytes(text);
      expect(bytesBase64(data)).toBe(encoded);
      expect(base64Bytes(encoded)).toEqual(data);
    }
    const all = Uint8Array.from({ length: 300 }, (_, index) => (index * 37) % 256);
    expect(base64Bytes(bytesBase64(all))).toEqual(all);
    expect(base64Bytes('ab$d')).toBeNull();
    expect(base64Bytes('abcde')).toBeNull();
  });
});
