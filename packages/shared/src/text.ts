import { z } from 'zod';

/** A surrogate half without its other half: no UTF-8 for it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored and sent as it is: no NUL byte (PostgreSQL's text cannot hold one), no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * A string schema that refuses a NUL byte and lone surrogates before any other check: the one
 * helper every string field of a request schema starts from, in the browser and on the server.
 * `params` are z.string()'s (the message for a missing value or the wrong type).
 */
export function text(message: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isWellFormedText, { message, abort: true });
}

/** A UUID as PostgreSQL's gen_random_uuid() makes them: RFC 9562, versions 1 to 8, the RFC variant. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
