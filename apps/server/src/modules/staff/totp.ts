import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, 6 digits, one step either side
 * accepted for clock drift (decision 044). node:crypto only: the algorithm is a dozen lines.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted before and after the current one. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The step a time (ms) falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The HOTP value of a step (RFC 4226 section 5.3), `digits` long with leading zeros. */
export function hotp(secret: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The code an authenticator shows at `nowMs` for a base32 secret. */
export function totpCode(secretBase32: string, nowMs: number): string {
  return hotp(base32Decode(secretBase32), totpStep(nowMs));
}

/**
 * The step a code belongs to within the window around `nowMs`, or null when it matches none.
 * The caller refuses a step at or before the last one it accepted (replay).
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const secret = base32Decode(secretBase32);
  const current = totpStep(nowMs);
  // Newest first: a code valid for two steps (never in practice) counts as the later one.
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step -= 1) {
    if (hotp(secret, step) === digits) return step;
  }
  return null;
}

/** The otpauth URI an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(options: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/**
 * Seals TOTP secrets at rest with AES-256-GCM (decision 044): a database dump alone cannot mint
 * codes. The key is SHA-256 of STAFF_TOTP_KEY; the stored text is "v1.<iv>.<tag>.<ciphertext>"
 * in base64url.
 */
export function createSecretBox(keyMaterial: string) {
  const key = createHash('sha256').update(`testerhub-staff-totp:${keyMaterial}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** A recovery code: 10 characters from 32 letters and digits without 0, o, 1 and l, shown as xxxxx-xxxxx (50 bits). */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 letters: no bias from byte % 32
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed (any case, spaces or dashes) in its stored form. */
export function normaliseRecoveryCode(typed: string): string {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}
