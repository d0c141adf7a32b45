import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';
import { withKeptSecrets } from './secrets.ts';

const KEY = 'a-key-of-thirty-two-characters-or-more-0123456789';
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-secrets-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the keys a real start signs with (issue 29: a restart broke every e-mailed link)', () => {
  test('outside production, an unset key is made once and the next start finds the same one', () => {
    const first = withKeptSecrets(loadConfig({ DATA_DIR: dataDir }));
    const second = withKeptSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(first.studyLinkSecret).toHaveLength(43);
    expect(second.studyLinkSecret).toBe(first.studyLinkSecret);
    expect(second.deviceCookieSecret).toBe(first.deviceCookieSecret);
    expect(second.staffTotpKey).toBe(first.staffTotpKey);
    expect(new Set([first.studyLinkSecret, first.deviceCookieSecret, first.staffTotpKey]).size).toBe(3);
    // Readable by the server's user only.
    expect(fs.statSync(path.join(dataDir, 'study-link-secret')).mode & 0o777).toBe(0o600);
  });

  test('a key set by its variable is used and nothing is written', () => {
    const config = withKeptSecrets(
      loadConfig({ DATA_DIR: dataDir, STUDY_LINK_SECRET: KEY, DEVICE_COOKIE_SECRET: KEY, STAFF_TOTP_KEY: KEY }),
    );
    expect(config.studyLinkSecret).toBe(KEY);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  test('production refuses to start without the keys and names each missing variable', () => {
    const start = () => withKeptSecrets(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, STAFF_TOTP_KEY: KEY }));
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/DEVICE_COOKIE_SECRET, STUDY_LINK_SECRET: required in production/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  test('production starts with all three set', () => {
    const config = withKeptSecrets(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, STUDY_LINK_SECRET: KEY, DEVICE_COOKIE_SECRET: KEY, STAFF_TOTP_KEY: KEY }),
    );
    expect(config.staffTotpKey).toBe(KEY);
  });
});
