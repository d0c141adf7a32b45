import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type AppConfig } from './env.ts';

/** The keys whose signatures must outlive a restart, by variable, with the file that keeps each outside production. */
const KEPT_SECRETS = [
  { variable: 'DEVICE_COOKIE_SECRET', file: 'device-cookie-secret', field: 'deviceCookieSecret' },
  { variable: 'STUDY_LINK_SECRET', file: 'study-link-secret', field: 'studyLinkSecret' },
  { variable: 'STAFF_TOTP_KEY', file: 'staff-totp-key', field: 'staffTotpKey' },
] as const;

/** Reads a key kept in DATA_DIR, or makes one and keeps it there (readable by this user only). */
function storedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The device cookie's, the study links' and the staff TOTP secrets' keys for a real start (issue 29):
 * a key made per start would void every e-mailed link and device cookie at each restart. Outside
 * production an unset key is made once and kept in DATA_DIR. Production refuses to start without the
 * variables: several instances must share one value, and a key that lives only in one instance's
 * folder would be lost with it (docs/deployment.md).
 */
export function withKeptSecrets(config: AppConfig): AppConfig {
  const missing = KEPT_SECRETS.filter(({ field }) => !config[field]);
  if (missing.length === 0) return config;
  if (config.isProduction) {
    const names = missing.map(({ variable }) => variable).join(', ');
    throw new ConfigError(
      `Invalid configuration:\n  ${names}: required in production, the same value on every instance, 32 characters or more (openssl rand -base64 32)`,
    );
  }
  const kept = Object.fromEntries(missing.map(({ field, file }) => [field, storedSecret(config.dataDir, file)]));
  return { ...config, ...kept };
}
