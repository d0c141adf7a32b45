/** Helpers shared by the global setup and the per-file test app. */

/** The fixed "today" of the test seed, so winners and referral months never depend on the clock. */
export const TEST_SEED_DATE = new Date('2026-11-15T12:00:00Z');

/** Prefix of the per-file copies; the run's process id keeps parallel runs apart. */
export function copyPrefix(runId: string | number): string {
  return `testerhub_t_${runId}_`;
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
}

/** TEST_DATABASE_URL as given: a database the user may connect to in order to CREATE DATABASE. */
export function adminUrl(serverUrl: string): string {
  return serverUrl;
}

/** The same server and credentials, another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
