import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPasswordFormSchemaIn } from '@testerhub/shared/account-schemas';
import { AccountPanel } from '../../components/account-panel';
import { ModalDialog } from '../../components/modal-dialog';
import { NewPasswordFields, rechecksConfirmation } from '../../components/new-password-fields';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { newPasswordTexts, SignInLanguageToggle, useSignInTexts } from '../../components/sign-in-texts';
import { postResetPassword } from './recovery-api';
import { ErrorPopupDialog, requestErrorPopup, type ErrorPopup } from './recovery-form';
import './recovery.css';

type Popup = { kind: 'reset' } | { kind: 'badLink' } | ErrorPopup;

function queryValue(query: URLSearchParams, name: string): string {
  // E-mail clients and people retyping links change the case of names; the values are kept as they are.
  for (const [key, value] of query) if (key.toLowerCase() === name.toLowerCase()) return value;
  return '';
}

/**
 * /account/resetPassword?userId=&code=: the link from the reset e-mail. A new password under
 * the registration rules; success and a used or broken link both end on the login page.
 */
export function ResetPasswordPage() {
  const t = useSignInTexts();
  const language = useLanguage();
  usePageTitle(t('choosePasswordTitle'));
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const userId = queryValue(query, 'userId');
  const code = queryValue(query, 'code');
  // Messages show as soon as a field has text or was left; submit waits until every rule holds.
  const schema = useMemo(() => resetPasswordFormSchemaIn(language), [language]);
  const { field, handleSubmit, getValues, getFieldState, trigger, formState } = useSchemaForm(schema, {
    language,
    mode: 'all',
    defaultValues: { password: '', confirmation: '' },
  });
  const valid = formState.isValid;
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  // A link without its parameters cannot work: say so at once rather than after a form.
  const linkBroken = !userId || !code;

  const submit = handleSubmit(({ password }) => {
    if (pending) return;
    setPending(true);
    postResetPassword(userId, code, password)
      .then(
        (result) => setPopup(result.status === 'succeed' ? { kind: 'reset' } : { kind: 'badLink' }),
        // The form checked the password already: a 400 is about the link (a malformed user id or code).
        (error: unknown) =>
          setPopup(error instanceof ApiRequestError && error.status === 400 ? { kind: 'badLink' } : requestErrorPopup(error, t)),
      )
      .finally(() => setPending(false));
  });

  const toLogin = useCallback(() => navigate('/community/login', { replace: true }), [navigate]);
  // ModalDialog keeps the latest onClose: a new function each render is fine.
  const closeError = () => setPopup(null);

  return (
    <AccountPanel title={t('choosePasswordTitle')} intro={t('choosePasswordIntro')} top={<SignInLanguageToggle />}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
        <NewPasswordFields
          password={field('password', rechecksConfirmation({ getValues, getFieldState, trigger }, 'confirmation'))}
          confirmation={field('confirmation')}
          disabled={linkBroken}
          {...newPasswordTexts(t)}
        />
        <button type="submit" className="button button--primary find-info__submit" disabled={!valid || pending || linkBroken}>
          {pending ? t('saving') : t('resetPasswordTab')}
        </button>
      </form>
      {popup?.kind === 'reset' && (
        <ModalDialog title={t('passwordResetTitle')} onClose={toLogin} closeLabel={t('close')}>
          <p>{t('resetSuccess')}</p>
        </ModalDialog>
      )}
      {(popup?.kind === 'badLink' || (linkBroken && !popup)) && (
        <ModalDialog title={t('linkNotValidTitle')} tone="error" onClose={toLogin} closeLabel={t('goToLogIn')}>
          <p>{t('resetFailure')}</p>
        </ModalDialog>
      )}
      <ErrorPopupDialog popup={popup} onClose={closeError} />
    </AccountPanel>
  );
}
