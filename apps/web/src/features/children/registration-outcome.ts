import type { ChildRegistrationResponse } from '@testerhub/shared/children-schemas';
import type { ChildMessageTranslate, ChildTranslate } from './child-texts';

/** Where a registration leads (spec 3, section 4): step 2, step 3, or step 4 with its code. */
export type RegistrationOutcome =
  { step: 'registered' } | { step: 'alreadyRegistered' } | { step: 'failed'; title: string; detail: string; contact: boolean };

/** The explanation of a child code when the server sent none (spec 3, section 8). */
export function childCodeText(code: string, messages: ChildMessageTranslate): string {
  if (code === '101') return messages('mustJoinFirst');
  if (code === '102') return messages('emailUnsendable');
  if (code === '103') return messages('studyUnavailable');
  return '';
}

export function registrationOutcome(
  answer: ChildRegistrationResponse,
  t: ChildTranslate,
  messages: ChildMessageTranslate,
): RegistrationOutcome {
  if (answer.status === 'succeed') return { step: 'registered' };
  if (answer.status === 'kidExisted') return { step: 'alreadyRegistered' };
  // The parent's children are capped (decision 079): the limit in words, not a code.
  if (answer.status === 'tooManyChildren') return { step: 'failed', title: t('tooManyTitle'), detail: answer.detail ?? '', contact: true };
  return {
    step: 'failed',
    title: t('registrationFailedCode', { code: answer.status }),
    detail: answer.detail || childCodeText(answer.status, messages),
    contact: true,
  };
}

/** The registration call itself failed (spec 3, section 8). */
export function registrationCallFailed(t: ChildTranslate): RegistrationOutcome {
  return { step: 'failed', title: t('registrationFailed'), detail: '', contact: true };
}
