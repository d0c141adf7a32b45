import { message, type Language, type MessageKey } from '@testerhub/shared/account-messages';
import { ApiRequestError } from '../../lib/api';

/** A form-level problem: a catalogue key (re-translated when the language changes) or the server's own text. */
export type Problem = { key: MessageKey } | { text: string };

export function problemText(problem: Problem, language: Language): string {
  return 'key' in problem ? message(problem.key, language) : problem.text;
}

/** Rate limit and network failures as catalogue keys; other refusals carry the server's message (in the request's language). */
export function requestProblem(error: unknown): Problem {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return { key: 'tooManyRequests' };
    if (error.message) return { text: error.message };
  }
  return { key: 'networkError' };
}
