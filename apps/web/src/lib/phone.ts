import type { MessageKey } from '@testerhub/shared/account-messages';
import { checkPhone, phoneValue } from '@testerhub/shared/account-rules';

/** The shared rule: the forms' schemas in packages/shared send the same digits. */
export { phoneValue };

/** The message key for a phone number as typed (formatted or not), or null when it is valid. */
export function phoneProblem(typed: string): MessageKey | null {
  return checkPhone(phoneValue(typed));
}
