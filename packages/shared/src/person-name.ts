import { message, type Language } from './account-messages.ts';
import { PERSON_NAME_PATTERN } from './account-rules.ts';
import { text } from './text.ts';

/**
 * The one rule for every first and last name a request carries (registration, the short sign-up,
 * a referred friend, a child): trimmed, required, at most `max` characters, and only letters,
 * spaces, hyphens, apostrophes and periods (account-rules' PERSON_NAME_PATTERN), because names
 * are written into the site's e-mails. Messages in `language`; `tooLong` is the form's own text.
 */
export function personName(options: { max: number; tooLong: string; language?: Language }) {
  const { max, tooLong, language = 'en' } = options;
  const required = message('required', language);
  return text(message('invalidCharacters', language), { error: () => required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, { message: tooLong, abort: true })
    .regex(PERSON_NAME_PATTERN, message('nameCharacters', language));
}
