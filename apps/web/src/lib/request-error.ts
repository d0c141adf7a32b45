import { ApiRequestError } from './api';

/** Shown when a call fails for a reason the visitor cannot fix by changing the form (network, server fault). */
export const GENERIC_REQUEST_FAILURE =
  'Something went wrong. Please try again in a moment, or contact Tester Services if it keeps happening.';

/**
 * The text to show for a failed call: the server's own message for a rate limit (429) or a
 * rejected field (400), which are written for the visitor (in the request's language); the generic
 * text for anything else: `generic` where the page has it in the tester's language, else the English one.
 */
export function requestErrorMessage(error: unknown, generic: string = GENERIC_REQUEST_FAILURE): string {
  if (error instanceof ApiRequestError && (error.status === 429 || error.status === 400) && error.message) return error.message;
  return generic;
}

/** A popup title that matches requestErrorMessage. */
export function requestErrorTitle(error: unknown): string {
  return error instanceof ApiRequestError && error.status === 429 ? 'Too many attempts' : 'Something went wrong';
}

/** True when the server answered 401: there is no (longer a) session. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
