import { useNavigate } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { LIMITS } from '@testerhub/shared/account-rules';
import { findUsernameSchema } from '@testerhub/shared/account-schemas';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { statusTitle } from '../../lib/status-title';
import { useSchemaForm } from '../../lib/use-schema-form';
import { postFindUsername } from './recovery-api';
import { ErrorPopupDialog, useRecoveryCall, type ErrorPopup } from './recovery-form';

type Popup = { kind: 'found'; userName: string } | ErrorPopup;

/** Find username: first and last name and e-mail; the popups findUsername and findUsernameError. */
export function FindUsernameForm() {
  const navigate = useNavigate();
  const { field, handleSubmit } = useSchemaForm(findUsernameSchema, { defaultValues: { firstname: '', lastname: '', emailAddress: '' } });
  const { pending, popup, closePopup, send } = useRecoveryCall<Popup>();

  const submit = handleSubmit(({ firstname, lastname, emailAddress }) =>
    send(() =>
      postFindUsername(firstname, lastname, emailAddress).then((result): Popup =>
        result.status === 'succeed' && result.userName
          ? { kind: 'found', userName: result.userName }
          : { kind: 'error', title: statusTitle(result.status), message: ENTRY_TEXTS.findUsernameFailure },
      ),
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <TextField label="First name" autoComplete="given-name" maxLength={LIMITS.profileNameMax} required {...field('firstname')} />
      <TextField label="Last name" autoComplete="family-name" maxLength={LIMITS.profileNameMax} required {...field('lastname')} />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...field('emailAddress')} />
      <button type="submit" className="button button--primary find-info__submit" disabled={pending}>
        {pending ? 'Searching…' : 'Find username'}
      </button>
      {popup?.kind === 'found' && (
        <ModalDialog
          title="Your username"
          onClose={closePopup}
          actions={
            <button
              type="button"
              className="button button--outline"
              onClick={() => navigate('/community/login', { state: { username: popup.userName } })}
            >
              Log in
            </button>
          }
        >
          <p>
            Your username is <span className="find-info__name">{popup.userName}</span>
          </p>
          <p>We have also sent it to your e-mail address.</p>
        </ModalDialog>
      )}
      <ErrorPopupDialog popup={popup} onClose={closePopup} />
    </form>
  );
}
