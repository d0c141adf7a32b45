import { message, type Language } from '@testerhub/shared/account-messages';
import { ApiRequestError } from '../../lib/api';

/** Text for a failed request: rate limit and network in the page's language, otherwise the server's own message. */
export function requestFailureText(error: unknown, language: Language): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return message('tooManyRequests', language);
    return error.message || message('networkError', language);
  }
  return message('networkError', language);
}
