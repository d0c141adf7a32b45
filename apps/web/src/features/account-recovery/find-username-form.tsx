import { useNavigate } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { EMAIL_PATTERN, LIMITS } from '@testerhub/shared/account-rules';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { statusTitle } from '../../lib/status-title';
import { postFindUsername } from './recovery-api';
import { ErrorPopupDialog, useRecoveryForm, type ErrorPopup } from './recovery-form';

type Field = 'firstname' | 'lastname' | 'emailAddress';
type Popup = { kind: 'found'; userName: string } | ErrorPopup;

/** The find-username message has no full stop (spec 2, section 5), unlike registration's. */
export const FIND_USERNAME_EMAIL_MESSAGE = 'Please enter a valid email address';

export function findUsernameProblems(values: Record<Field, string>): Record<Field, string | null> {
  const email = values.emailAddress.trim();
  return {
    firstname: values.firstname.trim() ? null : 'Please enter your first name.',
    lastname: values.lastname.trim() ? null : 'Please enter your last name.',
    emailAddress: EMAIL_PATTERN.test(email) && email.length <= LIMITS.emailMax ? null : FIND_USERNAME_EMAIL_MESSAGE,
  };
}

/** Find username: first and last name and e-mail; the popups findUsername and findUsernameError. */
export function FindUsernameForm() {
  const navigate = useNavigate();
  const { bind, pending, popup, closePopup, submitWith } = useRecoveryForm<Field, Popup>(
    { firstname: '', lastname: '', emailAddress: '' },
    findUsernameProblems,
  );

  const submit = submitWith((values) =>
    postFindUsername(values.firstname.trim(), values.lastname.trim(), values.emailAddress.trim()).then((result): Popup =>
      result.status === 'succeed' && result.userName
        ? { kind: 'found', userName: result.userName }
        : { kind: 'error', title: statusTitle(result.status), message: ENTRY_TEXTS.findUsernameFailure },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <TextField label="First name" autoComplete="given-name" maxLength={LIMITS.profileNameMax} required {...bind('firstname')} />
      <TextField label="Last name" autoComplete="family-name" maxLength={LIMITS.profileNameMax} required {...bind('lastname')} />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...bind('emailAddress')} />
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
