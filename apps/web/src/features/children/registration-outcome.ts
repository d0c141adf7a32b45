import { CHILD_TEXTS, type ChildRegistrationResponse } from '@testerhub/shared/children-schemas';
import { CHILD_POPUP_TEXTS } from './child-texts';

/** Where a registration leads (spec 3, section 4): step 2, step 3, or step 4 with its code. */
export type RegistrationOutcome =
  { step: 'registered' } | { step: 'alreadyRegistered' } | { step: 'failed'; title: string; detail: string; contact: boolean };

/** The explanation of a child code when the server sent none (spec 3, section 8). */
export const CHILD_CODE_TEXTS: Record<string, string> = {
  '101': CHILD_TEXTS.mustJoinFirst,
  '102': CHILD_TEXTS.emailUnsendable,
  '103': CHILD_TEXTS.studyUnavailable,
};

export function registrationOutcome(answer: ChildRegistrationResponse): RegistrationOutcome {
  if (answer.status === 'succeed') return { step: 'registered' };
  if (answer.status === 'kidExisted') return { step: 'alreadyRegistered' };
  // The parent's children are capped (decision 079): the limit in words, not a code.
  if (answer.status === 'tooManyChildren')
    return { step: 'failed', title: CHILD_POPUP_TEXTS.tooManyTitle, detail: answer.detail ?? '', contact: true };
  return {
    step: 'failed',
    title: `Child Registration Failed - ${answer.status}`,
    detail: answer.detail || (CHILD_CODE_TEXTS[answer.status] ?? ''),
    contact: true,
  };
}

/** The registration call itself failed (spec 3, section 8). */
export const REGISTRATION_CALL_FAILED: RegistrationOutcome = {
  step: 'failed',
  title: CHILD_TEXTS.registrationFailed,
  detail: '',
  contact: true,
};
