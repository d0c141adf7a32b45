import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@testerhub/shared/account-rules';
import { isLoginPasswordEnabled, loginFormSchemaIn, type LoginForm } from '@testerhub/shared/account-schemas';
import { AccountPanel } from '../../components/account-panel';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { useBrowserValue } from '../../hooks/use-browser-value';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { sessionValues } from '../../lib/browser-storage';
import { logError } from '../../lib/log';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ConfirmationResend } from './confirmation-resend';
import { CredentialsForm, type NewCredentials } from './credentials-form';
import { postLogin, postLoginUsername, safeRedirect } from './login-api';
import { forgetUsername, readRememberedUsername, rememberUsername } from './remember-me';
import { SignInLanguageToggle, signInRequestError, signInStatusTitle, useSignInTexts } from '../../components/sign-in-texts';
import { SupportFooter } from './support-footer';
import './login.css';

interface Popup {
  title: string;
  message: string;
  /** The login answered notConfirmed: offer to send the confirmation e-mail again. */
  offersResend?: boolean;
}

/** A child-confirmation link's k waits for the login (a study link's k comes with its s). */
const isChildConfirmationWaiting = () => Boolean(sessionValues.get('k')) && !sessionValues.get('s');

/** The password field opens once the trimmed username has more than 6 characters (the shared rule). */
export const isPasswordEnabled = isLoginPasswordEnabled;

/** /community/login (spec 2, sections 2, 4, 5 and 8). */
export function LoginPage() {
  const t = useSignInTexts();
  const language = useLanguage();
  usePageTitle(t('loginTitle'));
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // A username handed over by another page (find username, credential change) wins over the cookie.
  const handedUsername = (location.state as { username?: unknown } | null)?.username;
  const givenUsername = typeof handedUsername === 'string' ? handedUsername : null;
  const [defaultValues] = useState((): LoginForm => {
    const rememberedUsername = readRememberedUsername();
    return { username: givenUsername ?? rememberedUsername ?? '', password: '', remember: rememberedUsername !== null };
  });
  // Messages show from the first submit on, and follow the typing from then (as the form always did).
  // The rules word their messages in the page's language; a switch re-words those on show.
  const schema = useMemo(() => loginFormSchemaIn(t, language), [t, language]);
  const { field, register, handleSubmit, setValue, setFocus, watch } = useSchemaForm(schema, {
    language,
    defaultValues,
    mode: 'onSubmit',
    // The first problem's field takes the focus, unless it is the closed password: then the username.
    shouldFocusError: false,
  });
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [forcedChange, setForcedChange] = useState<NewCredentials | null>(null);
  const [changed, setChanged] = useState<NewCredentials | null>(null);
  const usernameEdited = useRef(false);
  // A child-confirmation link (/community?k=, without a study link's s) opened with no session: the
  // account root kept k for after the login; say why the visitor is here.
  const confirmingChild = useBrowserValue(isChildConfirmationWaiting, false);

  // A study link names its tester (t): show that tester's username, unless one is already typed or handed over.
  // The server answers only with the link's d, signed for that tester (decision 075).
  const testerId = searchParams.get('t');
  const linkData = searchParams.get('d');
  useEffect(() => {
    const id = testerId ?? sessionValues.get('t');
    const data = linkData ?? sessionValues.get('d');
    if (!id || !data || givenUsername) return;
    let active = true;
    postLoginUsername(id, data).then(
      (answer) => {
        if (active && answer.status === 'succeed' && answer.name && !usernameEdited.current) setValue('username', answer.name);
      },
      (error: unknown) => logError('login username could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, [testerId, linkData, givenUsername, setValue]);

  const logIn = useCallback(
    (name: string, secret: string) => {
      setPending(true);
      postLogin(name, secret)
        .then(
          (result) => {
            if (result.status === 'succeed') navigate(safeRedirect(result.url), { replace: true });
            else if (result.status === 'changePassword') setForcedChange({ username: name, password: secret });
            else
              setPopup({
                title: signInStatusTitle(result.status, t),
                message: result.message || t('loginDefault'),
                offersResend: result.status === 'notConfirmed',
              });
          },
          (error: unknown) => setPopup(signInRequestError(error, t)),
        )
        .finally(() => setPending(false));
    },
    [navigate, t],
  );

  const passwordEnabled = isPasswordEnabled(watch('username'));
  // The password's message depends on the username (blank, or too short to open the password).
  const usernameField = field('username', { deps: 'password' });

  const submit = handleSubmit(
    ({ username, password, remember }) => {
      // The cookie follows the box at every login: ticked keeps (and renews) the username, unticked clears it.
      if (remember) rememberUsername(username);
      else forgetUsername();
      logIn(username, password);
    },
    (errors) => setFocus(errors.username || !passwordEnabled ? 'username' : 'password'),
  );

  const closePopup = useCallback(() => setPopup(null), []);
  // Dismissing the forced change leaves the visitor on the login form; /community/changePassword offers the same form.
  const closeForcedChange = useCallback(() => setForcedChange(null), []);
  const credentialsChanged = useCallback((credentials: NewCredentials) => {
    setForcedChange(null);
    setChanged(credentials);
  }, []);
  // After 'Password Reset Successful' the visitor is logged in with the new credentials.
  const closeChanged = useCallback(() => {
    if (!changed) return;
    setChanged(null);
    setValue('username', changed.username);
    setValue('password', '');
    logIn(changed.username, changed.password);
  }, [changed, logIn, setValue]);

  return (
    <AccountPanel title={t('loginTitle')} intro={t('loginIntro')} footer={<SupportFooter />} top={<SignInLanguageToggle />}>
      {confirmingChild && (
        <p role="status" className="login__notice">
          {t('childLogInToConfirm')}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
        <TextField
          label={t('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          required
          {...usernameField}
          onChange={(event) => {
            usernameEdited.current = true;
            void usernameField.onChange(event);
          }}
          // Once the visitor is in the field, a late study-link username must not land under their typing
          // (it did: the field read the name twice when it arrived between a select-all and the typed text).
          onFocus={() => {
            usernameEdited.current = true;
          }}
        />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          maxLength={200}
          required
          hint={passwordEnabled ? undefined : t('passwordClosedHint', { count: LIMITS.loginPasswordEnableAfter })}
          {...field('password')}
          disabled={!passwordEnabled}
        />
        <label className="login__remember">
          <input
            type="checkbox"
            {...register('remember', {
              // Unticking forgets the stored username at once (spec 2, section 4).
              onChange: (event: { target: HTMLInputElement }) => {
                if (!event.target.checked) forgetUsername();
              },
            })}
          />
          {t('rememberMe')}
        </label>
        <div className="account-panel__actions">
          <Link to="/community/join/attention" className="button button--outline">
            {t('register')}
          </Link>
          <button type="submit" className="button button--primary login__submit" disabled={pending}>
            {pending ? t('loggingIn') : t('login')}
          </button>
        </div>
        <p className="login__forgot">
          <Link to="/community/findinfo/username">{t('forgotLink')}</Link>
        </p>
      </form>
      {popup && (
        <ModalDialog title={popup.title} tone="error" onClose={closePopup} closeLabel={t('close')}>
          <p>{popup.message}</p>
          {popup.offersResend && <ConfirmationResend />}
        </ModalDialog>
      )}
      {forcedChange && (
        <ModalDialog title={t('updateAccountTitle')} onClose={closeForcedChange} closeLabel={t('cancel')}>
          <div className="credentials-dialog">
            <p>{t('updateAccountIntro')}</p>
            <CredentialsForm
              initialUsername={forcedChange.username}
              initialPassword={forcedChange.password}
              onSucceeded={credentialsChanged}
            />
          </div>
        </ModalDialog>
      )}
      {changed && (
        <ModalDialog title={t('forcedChangeSuccess')} onClose={closeChanged} closeLabel={t('closeAndLogIn')}>
          <p>{t('accountUpdated')}</p>
        </ModalDialog>
      )}
    </AccountPanel>
  );
}
