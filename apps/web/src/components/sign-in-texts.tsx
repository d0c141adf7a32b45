import en from '@testerhub/shared/locales/en/sign-in.json';
import { LIMITS } from '@testerhub/shared/account-rules';
import type { Translate } from '@testerhub/shared/i18n';
import { LanguageToggle } from './language-toggle';
import { useEntryLanguage } from '../hooks/use-entry-language';
import { requestErrorMessage } from '../lib/request-error';
import { ApiRequestError } from '../lib/api';
import { statusTitle } from '../lib/status-title';
import { textsFor } from '../lib/texts';

/**
 * The sign-in side's texts (login, account recovery, the reset and confirmation links) in the tab's
 * language: locales/<language>/sign-in.json, the file the server words its answers with too.
 */
export const useSignInTexts = textsFor(en, () => import('@testerhub/shared/locales/es/sign-in.json'));

export type SignInTranslate = Translate<keyof typeof en>;

/** English / Español on the sign-in pages: the entry pages' toggle, the tab's language (decision 118). */
export function SignInLanguageToggle() {
  const t = useSignInTexts();
  const [language, setLanguage] = useEntryLanguage();
  return (
    <div className="account-panel__language">
      <LanguageToggle language={language} onChange={setLanguage} groupLabel={t('languageGroup')} />
    </div>
  );
}

/** A popup title for an answer's status ('Failed', 'Not confirmed'), in the page's language. */
export function signInStatusTitle(status: string, t: SignInTranslate): string {
  if (status === 'failed') return t('statusFailed');
  if (status === 'notConfirmed') return t('statusNotConfirmed');
  return statusTitle(status);
}

/** A failed call's popup: the server's own message where it wrote one for the visitor (in the page's language), else ours. */
export function signInRequestError(error: unknown, t: SignInTranslate): { title: string; message: string } {
  const tooMany = error instanceof ApiRequestError && error.status === 429;
  return {
    title: tooMany ? t('tooManyAttemptsTitle') : t('somethingWentWrong'),
    message: requestErrorMessage(error, t('requestFailure')),
  };
}

/** A text with one `{slot}` that holds an element (a link, a name): the parts before and after it. */
export function aroundSlot(text: string, slot: string): [string, string] {
  const [before = '', after = ''] = text.split(`{${slot}}`);
  return [before, after];
}

/** NewPasswordFields' labels and rules in the page's language (the English ones are its defaults, word for word). */
export function newPasswordTexts(t: SignInTranslate) {
  return {
    passwordLabel: t('newPassword'),
    confirmationLabel: t('confirmNewPassword'),
    hint: t('newPasswordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
  };
}
