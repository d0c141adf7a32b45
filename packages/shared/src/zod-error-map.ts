import type { $ZodErrorMap, $ZodRawIssue } from 'zod/v4/core';
import { message, type Language } from './account-messages.ts';

/**
 * The spec's text for a zod issue (spec 2, section 5), in the tester's language. The shared
 * schemas word their own rules ('Username must contain at least 8 characters.'); this gives
 * the spec's wording to what zod reports by itself: a missing or empty field, a text too
 * long, an address that is not one, a choice not made. undefined leaves zod's own text.
 */
export function formErrorMessage(issue: $ZodRawIssue, language: Language = 'en'): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      // A field that is missing (undefined) or of no use (a number where text belongs).
      return message('required', language);
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? message('required', language) : undefined;
    case 'too_big':
      return issue.origin === 'string' ? message('textTooLong', language) : undefined;
    case 'invalid_format':
      return issue.format === 'email' ? message('emailInvalid', language) : undefined;
    case 'invalid_value':
      // An enum or literal left unchosen (a select still on its placeholder, an unticked box).
      return message('required', language);
    default:
      return undefined;
  }
}

/** formErrorMessage as a zod error map: pass it to a parse (or zodResolver) to word every issue the spec's way. */
export function specErrorMap(language: Language = 'en'): $ZodErrorMap {
  return (issue) => formErrorMessage(issue, language);
}
