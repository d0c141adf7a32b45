import { z } from 'zod';
import { message } from './account-messages.ts';
import { text } from './text.ts';

/**
 * Download my data and delete my account (issue 11, "Beyond the spec"; decision 040): the calls'
 * schemas and the texts both sides show.
 */

export const PRIVACY_TEXTS = {
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'That password is not right. Nothing was deleted.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  accountDeleted: 'Your account has been deleted. Everything we held about you and your children is gone.',
} as const;

/** POST /account/DeleteMyAccount: the current password, re-typed. */
export const deleteAccountSchema = z.object({
  password: text(message('invalidCharacters'), { error: () => PRIVACY_TEXTS.passwordRequired })
    .min(1, PRIVACY_TEXTS.passwordRequired)
    .max(200),
});
export type DeleteAccountPayload = z.infer<typeof deleteAccountSchema>;

/** succeed: the account is gone and the session with it; failed: the password was wrong, nothing changed. */
export const deleteAccountResponseSchema = z.object({ status: z.enum(['succeed', 'failed']) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** The export's file name for a day (YYYY-MM-DD, UTC). */
export function exportFileName(day: string): string {
  return `testerhub-my-data-${day}.json`;
}
