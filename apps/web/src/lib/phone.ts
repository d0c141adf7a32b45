import type { MessageKey } from '@testerhub/shared/account-messages';
import { checkPhone, phoneDigits } from '@testerhub/shared/account-rules';

/** Phone as digits when it holds only digits and formatting; anything else stays as typed, so it fails the check. */
export function phoneValue(typed: string): string {
  return /^[\d\s().+-]*$/.test(typed) ? phoneDigits(typed) : typed;
}

/** The message key for a phone number as typed (formatted or not), or null when it is valid. */
export function phoneProblem(typed: string): MessageKey | null {
  return checkPhone(phoneValue(typed));
}
