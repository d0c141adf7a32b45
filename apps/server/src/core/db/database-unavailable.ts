/**
 * PostgreSQL's SQLSTATEs that say the database, not the statement, is the trouble: class 08
 * (connection exception), the server shutting down or starting up (57P01 to 57P03), no connection
 * slot left (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node's socket errors: nothing listens (a stopped PostgreSQL), the connection was cut, the host is gone. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * node-postgres's own messages, which carry no code: a connection that ended ("Connection terminated
 * unexpectedly", "... due to connection timeout"), one used after its error, none from the pool in time.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether `error` (or what it wraps: drizzle puts the driver's error in `cause`) says the database
 * could not be reached or dropped the connection, as while PostgreSQL restarts. Such a request was
 * not wrong and may well succeed a few seconds later: the API answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.startsWith(message))) return true;
  }
  return false;
}
