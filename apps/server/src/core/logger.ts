import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { AppConfig } from './config/env.ts';

/** A buffered line waits at most this long; a burst is written once this many bytes gather. */
const FLUSH_INTERVAL_MS = 1000;
const BATCH_BYTES = 4096;

export const REDACTED = '[redacted]';

/**
 * Field names whose values are secrets or personal data, compared in lower case without
 * separators ("Email_Address" is "emailaddress"). Logs never hold them (GUIDE section 5).
 */
const SECRET_FIELDS = new Set([
  'password',
  'currentpassword',
  'newpassword',
  'passwordhash',
  'hash',
  'codehash',
  'token',
  'changetoken',
  'code',
  'ecode',
  'sessionid',
  'session',
  'cookie',
  'cookies',
  'setcookie',
  'authorization',
  'email',
  'emailaddress',
  'toaddress',
  'to',
  'phone',
  'phoneno',
  'phonenumber',
  'username',
  'firstname',
  'lastname',
  'address',
  'zipcode',
  'birth',
  'birthdate',
  'secret',
  'externalreturnsecret',
  'devicecookie',
]);

/** Fields of a database or driver error that repeat the statement's values: dropped, not redacted. */
const DROPPED_ERROR_FIELDS = new Set(['query', 'params', 'parameters', 'detail', 'where', 'internalquery', 'body', 'values']);

/** The error fields worth keeping; everything else an error carries is left out of the log. */
const KEPT_ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity'] as const;

const normalise = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');

const MAX_DEPTH = 8;

/**
 * A Drizzle error message repeats the statement's parameters after "params:": cut there. A
 * database's own message may quote a value ('invalid input syntax for type integer: "a@b.c"'):
 * quoted parts of those go (the constraint's name is kept in its own field).
 */
function safeMessage(message: string, fromDatabase: boolean): string {
  const cut = message.search(/\n?\s*params:/i);
  const kept = cut === -1 ? message : `${message.slice(0, cut)} [params dropped]`;
  return fromDatabase ? kept.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '"…"') : kept;
}

/** PostgreSQL's errors (pg, PGlite) carry a severity and a five-character SQLSTATE code. */
function isDatabaseError(error: Error): boolean {
  const fields = error as unknown as { severity?: unknown; code?: unknown };
  return typeof fields.severity === 'string' || (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code));
}

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError;
  [key: string]: unknown;
}

/**
 * An error as the log may hold it: its type, message (without parameters), stack frames and the
 * few fields of KEPT_ERROR_FIELDS; no query, parameters or detail; its cause the same way.
 */
export function safeError(error: unknown, depth = 0): SafeError | unknown {
  if (!(error instanceof Error)) return redact(error, depth);
  const message = safeMessage(error.message, isDatabaseError(error));
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: SafeError = { type: error.constructor?.name ?? 'Error', message, stack: [`${error.name}: ${message}`, ...frames].join('\n') };
  const source = error as unknown as Record<string, unknown>;
  for (const key of KEPT_ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') safe[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) safe.cause = safeError(error.cause, depth + 1) as SafeError;
  return safe;
}

/** A copy of `value` with the fields of SECRET_FIELDS replaced at any depth, and errors made safe. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return safeError(value, depth);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = normalise(key);
    if (SECRET_FIELDS.has(name)) copy[key] = REDACTED;
    else if (DROPPED_ERROR_FIELDS.has(name) && depth > 0) continue;
    else copy[key] = redact(item, depth + 1);
  }
  return copy;
}

/**
 * Options that keep secrets and personal data out of every line: the merged object of each call
 * is redacted by field name at any depth (formatters.log), errors keep only safe fields
 * (serializers.err), and request/response objects become method and path only.
 */
function redactingOptions(level: AppConfig['logLevel']): pino.LoggerOptions {
  return {
    level,
    formatters: { log: (object) => redact(object) as Record<string, unknown> },
    serializers: {
      // formatters.log has already made errors safe (and redacted plain objects); these catch the rest.
      err: (error: unknown) => (error instanceof Error ? safeError(error) : error),
      error: (error: unknown) => (error instanceof Error ? safeError(error) : error),
      req: (request: { method?: string; url?: string }) => ({ method: request.method, path: request.url?.split('?')[0] }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * The server's logger: one JSON line per event on standard output (or `destination`, which tests
 * read). Lines to standard output are written in batches (at least once a second, and at exit by
 * pino itself) rather than with a system call each: at one line per request that call alone cost
 * about a tenth of an authenticated read (docs/benchmarks.md). close() writes what is left.
 */
export function createLogger(level: AppConfig['logLevel'], destination?: DestinationStream): { logger: FastifyBaseLogger; close(): void } {
  if (level === 'silent') return { logger: pino({ level }), close: () => undefined };
  if (destination) return { logger: pino(redactingOptions(level), destination), close: () => undefined };
  const batched = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  const timer = setInterval(() => batched.flush(), FLUSH_INTERVAL_MS);
  timer.unref();
  return {
    logger: pino(redactingOptions(level), batched),
    close() {
      clearInterval(timer);
      batched.flushSync();
    },
  };
}
