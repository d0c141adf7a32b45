import type { ServerDataFolder } from './server-process.ts';

/**
 * The environments of the tests that start main.ts as a process: shutdown (main-*.test.ts) and
 * signing keys across a restart (restart-*.test.ts).
 */

/** A key given in the environment, as production needs (core/config/secrets.ts). */
export const PRODUCTION_KEY = 'a-production-key-of-the-process-tests-0123456789';
/** The files in which a start outside production keeps the keys it made (core/config/secrets.ts). */
export const KEPT_KEY_FILES = ['device-cookie-secret', 'study-link-secret', 'staff-totp-key'];
/** READY_DRAIN_MS of the shutdown tests' servers, the production default: time to ask /api/ready and /api/health; the servers run in a session of their own (server-process.ts), so a busy machine answers within it. */
export const DRAIN_MS = 2000;

/** A production start of the shutdown tests on `folder`, logging each change at info, with its keys and the drain. */
export function shutdownTestEnv(folder: ServerDataFolder, extraEnv: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ...folder.env,
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    READY_DRAIN_MS: String(DRAIN_MS),
    DEVICE_COOKIE_SECRET: PRODUCTION_KEY,
    STUDY_LINK_SECRET: PRODUCTION_KEY,
    STAFF_TOTP_KEY: PRODUCTION_KEY,
    ...extraEnv,
  };
}

/** A start of the restart tests on `folder`: none of the three signing keys unless `extraEnv` gives them. */
export function restartTestEnv(
  folder: ServerDataFolder,
  nodeEnv: 'development' | 'production',
  extraEnv: Record<string, string> = {},
): Record<string, string> {
  return { NODE_ENV: nodeEnv, ...folder.env, LOG_LEVEL: 'warn', ...extraEnv };
}

export interface LogLine {
  level: number;
  msg: string;
  signal?: string;
  url?: string;
  statusCode?: number;
}

/** The JSON lines of a server's log (pino), in order. */
export function parseLogLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
