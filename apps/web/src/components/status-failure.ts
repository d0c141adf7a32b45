import { ApiRequestError } from '../lib/api';
import { shownFailure } from '../lib/query-status';
import type { PopupMessage } from './message-popup';

/** An answer with the spec's status word, and the server's detail when it sent one. */
export interface StatusAnswer {
  status: string;
  message?: string;
}

/**
 * The generic popup for a failed step (spec 2, section 8): the step's failure text as the title;
 * a non-success status shows its status text (and the server's detail); a refused field (400)
 * its message; any other failure the popup's default help. Null for a 401, which leads to login.
 */
export function failureMessage(data: string, cause: StatusAnswer | unknown): PopupMessage | null {
  if (cause instanceof ApiRequestError) {
    if (!shownFailure(cause)) return null;
    return cause.status === 400 && cause.message ? { data, message: cause.message } : { data };
  }
  if (isStatusAnswer(cause)) return { data, message: cause.message ? `${cause.status}: ${cause.message}` : cause.status };
  return { data };
}

function isStatusAnswer(value: unknown): value is StatusAnswer {
  return typeof value === 'object' && value !== null && typeof (value as StatusAnswer).status === 'string';
}
