import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@testerhub/shared/account-rules';
import { findUsernameSchemaIn } from '@testerhub/shared/account-schemas';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { useLanguage } from '../../hooks/use-entry-language';
import { useSchemaForm } from '../../lib/use-schema-form';
import { aroundSlot, signInStatusTitle } from '../../components/sign-in-texts';
import { postFindUsername } from './recovery-api';
import { ErrorPopupDialog, useRecoveryCall, type ErrorPopup } from './recovery-form';

type Popup = { kind: 'found'; userName: string } | ErrorPopup;

/** Find username: first and last name and e-mail; the popups findUsername and findUsernameError. */
export function FindUsernameForm() {
  const navigate = useNavigate();
  const language = useLanguage();
  const { pending, popup, closePopup, send, t } = useRecoveryCall<Popup>();
  const schema = useMemo(() => findUsernameSchemaIn(t, language), [t, language]);
  const { field, handleSubmit } = useSchemaForm(schema, { language, defaultValues: { firstname: '', lastname: '', emailAddress: '' } });
  const [nameBefore, nameAfter] = aroundSlot(t('yourUsernameIs'), 'username');

  const submit = handleSubmit(({ firstname, lastname, emailAddress }) =>
    send(() =>
      postFindUsername(firstname, lastname, emailAddress).then((result): Popup =>
        result.status === 'succeed' && result.userName
          ? { kind: 'found', userName: result.userName }
          : { kind: 'error', title: signInStatusTitle(result.status, t), message: t('findUsernameFailure') },
      ),
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <TextField label={t('firstName')} autoComplete="given-name" maxLength={LIMITS.profileNameMax} required {...field('firstname')} />
      <TextField label={t('lastName')} autoComplete="family-name" maxLength={LIMITS.profileNameMax} required {...field('lastname')} />
      <TextField
        label={t('emailAddress')}
        type="email"
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        required
        {...field('emailAddress')}
      />
      <button type="submit" className="button button--primary find-info__submit" disabled={pending}>
        {pending ? t('searching') : t('findUsernameTab')}
      </button>
      {popup?.kind === 'found' && (
        <ModalDialog
          title={t('yourUsernameTitle')}
          onClose={closePopup}
          closeLabel={t('close')}
          actions={
            <button
              type="button"
              className="button button--outline"
              onClick={() => navigate('/community/login', { state: { username: popup.userName } })}
            >
              {t('logIn')}
            </button>
          }
        >
          <p>
            {nameBefore}
            <span className="find-info__name">{popup.userName}</span>
            {nameAfter}
          </p>
          <p>{t('usernameAlsoSent')}</p>
        </ModalDialog>
      )}
      <ErrorPopupDialog popup={popup} onClose={closePopup} />
    </form>
  );
}
