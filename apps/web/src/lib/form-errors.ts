import type { FieldErrors, FieldValues } from 'react-hook-form';
import { get } from 'react-hook-form';

// The spec's wording of zod's own issues is shared with the server's answers (decision 118).
export { formErrorMessage, specErrorMap } from '@testerhub/shared/zod-error-map';

/** The message react-hook-form holds for a field (dotted names reach nested fields), or null. */
export function fieldErrorText<Values extends FieldValues>(errors: FieldErrors<Values>, name: string): string | null {
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? error.message : null;
}

/**
 * The message of a rule on a whole list (odds that must add up, levels that must rise). Once the
 * list's items are registered react-hook-form keeps it under the list's `root`.
 */
export function listErrorText<Values extends FieldValues>(errors: FieldErrors<Values>, name: string): string | null {
  return fieldErrorText(errors, `${name}.root`) ?? fieldErrorText(errors, name);
}
