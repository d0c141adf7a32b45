import type { Language } from '@testerhub/shared/account-messages';
import { problemText, type Problem } from './join-form-helpers';
import { JOIN_TEXTS } from './join-texts';

interface JoinFormSubmitProps {
  language: Language;
  problem: Problem | null;
  pending: boolean;
  label: string;
  tone: 'primary' | 'accent';
}

/** The end of a join form: its form-level problem, then the submit button, busy while the call runs. */
export function JoinFormSubmit({ language, problem, pending, label, tone }: JoinFormSubmitProps) {
  return (
    <>
      {problem && (
        <p className="join-form__problem" role="alert">
          {problemText(problem, language)}
        </p>
      )}
      <button type="submit" className={`button button--${tone} join-form__submit`} aria-disabled={pending} aria-busy={pending}>
        {pending ? JOIN_TEXTS[language].working : label}
      </button>
    </>
  );
}
