import { AVATAR_IMAGE_LIMITS, AVATAR_SETTINGS_TEXTS } from './avatar-settings-schemas.ts';

/**
 * An added profile picture read from its own bytes (decision 068), never from its name or the
 * browser's type: PNG, JPEG or WebP by their magic bytes, the width and height from the header.
 * Pure code, so the staff form checks a file before sending it and the server checks it again.
 */

export const AVATAR_IMAGE_TYPES = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;
export type AvatarImageKind = keyof typeof AVATAR_IMAGE_TYPES;

export type AvatarImageCheck =
  | { ok: true; kind: AvatarImageKind; contentType: string; extension: string; width: number; height: number }
  | { ok: false; message: string };

interface Header {
  kind: AvatarImageKind;
  size: { width: number; height: number } | null;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: the signature, then the IHDR chunk first, whose data opens with width and height (4 bytes each, big-endian). */
function png(bytes: Uint8Array): Header | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null;
  if (bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return { kind: 'png', size: null };
  return { kind: 'png', size: { width: u32be(bytes, 16), height: u32be(bytes, 20) } };
}

/** JPEG: FF D8 FF, then marker segments up to a start-of-frame (C0 to CF but C4, C8, CC), which holds height then width. */
function jpeg(bytes: Uint8Array): Header | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { kind: 'jpeg', size: { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) } };
    if (marker === 0xda || marker === 0xd9) break; // the scan or the end, and no frame header before it
    at += 2 + u16be(bytes, at + 2);
  }
  return { kind: 'jpeg', size: null };
}

/** WebP: RIFF....WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk, each with its own size fields. */
function webp(bytes: Uint8Array): Header | null {
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8)) return null;
  const unread: Header = { kind: 'webp', size: null };
  if (bytes.length < 30) return unread;
  if (startsWith(bytes, ascii('VP8 '), 12)) {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return unread;
    return { kind: 'webp', size: { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff } };
  }
  if (startsWith(bytes, ascii('VP8L'), 12)) {
    if (bytes[20] !== 0x2f) return unread;
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return { kind: 'webp', size: { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 } };
  }
  if (startsWith(bytes, ascii('VP8X'), 12)) return { kind: 'webp', size: { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 } };
  return unread;
}

/** Text that opens like markup (after a byte-order mark and white space): an SVG or other XML, named apart for a clearer refusal. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let at = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at]!)) at += 1;
  return bytes[at] === 0x3c; // '<'
}

/** The picture's type and sides, or the message the staff member sees at the file field. */
export function inspectAvatarImage(bytes: Uint8Array): AvatarImageCheck {
  const T = AVATAR_SETTINGS_TEXTS;
  const L = AVATAR_IMAGE_LIMITS;
  if (bytes.length === 0) return { ok: false, message: T.imageMissing };
  if (bytes.length > L.maxBytes) return { ok: false, message: T.imageTooBig };
  const header = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  if (!header) return { ok: false, message: looksLikeMarkup(bytes) ? T.imageSvg : T.imageType };
  if (!header.size) return { ok: false, message: T.imageUnreadable };
  const { width, height } = header.size;
  const within = (side: number) => side >= L.minSide && side <= L.maxSide;
  if (!within(width) || !within(height)) return { ok: false, message: T.imageSide(width, height) };
  if (Math.abs(width - height) > Math.max(width, height) * L.squareTolerance)
    return { ok: false, message: T.imageNotSquare(width, height) };
  return { ok: true, kind: header.kind, ...AVATAR_IMAGE_TYPES[header.kind], width, height };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map(Array.from(BASE64, (char, value) => [char, value]));

/** Base64 to bytes (shared has neither Buffer nor atob); null when it is not base64. */
export function base64Bytes(text: string): Uint8Array | null {
  const body = text.replace(/={1,2}$/, '');
  if (body.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let count = 0;
  let at = 0;
  for (const char of body) {
    const value = BASE64_VALUE.get(char);
    if (value === undefined) return null;
    bits = (bits << 6) | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes[at++] = (bits >> count) & 0xff;
    }
  }
  return bytes;
}

/** Bytes to base64: what the staff form sends. */
export function bytesBase64(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[at], bytes[at + 1], bytes[at + 2]];
    const triple = (a << 16) | (b << 8) | c;
    const left = bytes.length - at;
    text +=
      BASE64[triple >> 18]! +
      BASE64[(triple >> 12) & 63]! +
      (left > 1 ? BASE64[(triple >> 6) & 63]! : '=') +
      (left > 2 ? BASE64[triple & 63]! : '=');
  }
  return text;
}
