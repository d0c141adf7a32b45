import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP parameters of GUIDE section 5: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the username is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-used');
  return decoyHash;
}
