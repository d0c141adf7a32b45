import { useRef, type FormEvent } from 'react';
import { message, type Language, type MessageKey } from '@testerhub/shared/account-messages';
import { focusControl, useTouched } from './use-touched';

interface CheckedFormOptions<Field extends string> {
  /** The control to focus for a field's problem when it is not the control of that name. */
  controlOf?: (field: Field) => string;
}

/**
 * The wiring of the entry forms' checks: a field's message shows once the field was left (and
 * follows the typing from then on); a submit with problems shows them all and moves focus to
 * the first.
 */
export function useCheckedForm<Field extends string>(
  fields: readonly Field[],
  errors: Partial<Record<Field, MessageKey | null>>,
  language: Language,
  { controlOf }: CheckedFormOptions<Field> = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const { touched, touch, touchAll } = useTouched<Field>();

  const hasProblem = fields.some((field) => errors[field]);
  const shown = (field: Field): string | null => {
    const problem = errors[field];
    return problem && touched.has(field) ? message(problem, language) : null;
  };

  /**
   * The start of the form's onSubmit: whether to go on. A problem shows and is focused even while
   * the form is busy (a list still loading must not swallow a submit without a word); a busy form
   * never goes on.
   */
  const readyToSubmit = (event: FormEvent, busy: boolean): boolean => {
    event.preventDefault();
    const first = fields.find((field) => errors[field]);
    if (!first) return !busy;
    touchAll(fields);
    focusControl(formRef.current, controlOf ? controlOf(first) : first);
    return false;
  };

  return { formRef, touch, shown, hasProblem, readyToSubmit };
}
