import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { LIMITS } from '@testerhub/shared/account-rules';
import { AccountPanel } from '../../components/account-panel';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { usePageTitle } from '../../hooks/use-page-title';
import { sessionValues } from '../../lib/browser-storage';
import { logError } from '../../lib/log';
import { requestErrorMessage, requestErrorTitle } from '../../lib/request-error';
import { statusTitle } from '../../lib/status-title';
import { CredentialsForm, type NewCredentials } from './credentials-form';
import { postLogin, postLoginUsername, safeRedirect } from './login-api';
import { forgetUsername, readRememberedUsername, rememberUsername } from './remember-me';
import { SupportFooter } from './support-footer';
import './login.css';

interface Popup {
  title: string;
  message: string;
}

/**
 * Spec 2, section 5 says "Username non-empty. The password field is enabled when longer than
 * 6 characters." A field cannot be enabled by its own length (it could not be typed into),
 * so "longer than 6 characters" is read as the username's length: the password field opens
 * once the trimmed username has 7 or more characters.
 */
export function isPasswordEnabled(username: string): boolean {
  return username.trim().length > LIMITS.loginPasswordEnableAfter;
}

/** /community/login (spec 2, sections 2, 4, 5 and 8). */
export function LoginPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // A username handed over by another page (find username, credential change) wins over the cookie.
  const handedUsername = (location.state as { username?: unknown } | null)?.username;
  const givenUsername = typeof handedUsername === 'string' ? handedUsername : null;
  const [rememberedUsername] = useState(readRememberedUsername);
  const [username, setUsername] = useState(() => givenUsername ?? rememberedUsername ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => rememberedUsername !== null);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [forcedChange, setForcedChange] = useState<NewCredentials | null>(null);
  const [changed, setChanged] = useState<NewCredentials | null>(null);
  const usernameEdited = useRef(false);

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
        if (active && answer.status === 'succeed' && answer.name && !usernameEdited.current) setUsername(answer.name);
      },
      (error: unknown) => logError('login username could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, [testerId, linkData, givenUsername]);

  const logIn = useCallback(
    (name: string, secret: string) => {
      setPending(true);
      postLogin(name, secret)
        .then(
          (result) => {
            if (result.status === 'succeed') navigate(safeRedirect(result.url), { replace: true });
            else if (result.status === 'changePassword') setForcedChange({ username: name, password: secret });
            else setPopup({ title: statusTitle(result.status), message: result.message || ENTRY_TEXTS.loginDefault });
          },
          (error: unknown) => setPopup({ title: requestErrorTitle(error), message: requestErrorMessage(error) }),
        )
        .finally(() => setPending(false));
    },
    [navigate],
  );

  const passwordEnabled = isPasswordEnabled(username);
  const usernameError = submitted && !username.trim() ? 'Please enter your username.' : null;
  const passwordError = submitted && username.trim() && (!passwordEnabled || !password) ? 'Please enter your password.' : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const name = username.trim();
    const focus = (field: 'username' | 'password') =>
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
    if (!name) return focus('username');
    if (!passwordEnabled || !password) return focus(passwordEnabled ? 'password' : 'username');
    // The cookie follows the box at every login: ticked keeps (and renews) the username, unticked clears it.
    if (remember) rememberUsername(name);
    else forgetUsername();
    logIn(name, password);
  };

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
    setUsername(changed.username);
    setPassword('');
    logIn(changed.username, changed.password);
  }, [changed, logIn]);

  return (
    <AccountPanel title="Log in" intro="Welcome back! Log in to see the studies waiting for you." footer={<SupportFooter />}>
      <form onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          maxLength={100}
          required
          error={usernameError}
          onChange={(event) => {
            usernameEdited.current = true;
            setUsername(event.target.value);
          }}
          // Once the visitor is in the field, a late study-link username must not land under their typing
          // (it did: the field read the name twice when it arrived between a select-all and the typed text).
          onFocus={() => {
            usernameEdited.current = true;
          }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={200}
          required
          disabled={!passwordEnabled}
          hint={passwordEnabled ? undefined : `Available once your username has more than ${LIMITS.loginPasswordEnableAfter} characters.`}
          error={passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <label className="login__remember">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={(event) => {
              setRemember(event.target.checked);
              // Unticking forgets the stored username at once (spec 2, section 4).
              if (!event.target.checked) forgetUsername();
            }}
          />
          Remember me
        </label>
        <div className="account-panel__actions">
          <Link to="/community/join/attention" className="button button--outline">
            Register
          </Link>
          <button type="submit" className="button button--primary login__submit" disabled={pending}>
            {pending ? 'Logging in…' : 'Login'}
          </button>
        </div>
        <p className="login__forgot">
          <Link to="/community/findinfo/username">Forgot Username / reset password?</Link>
        </p>
      </form>
      {popup && (
        <ModalDialog title={popup.title} tone="error" onClose={closePopup}>
          <p>{popup.message}</p>
        </ModalDialog>
      )}
      {forcedChange && (
        <ModalDialog title="Update your account" onClose={closeForcedChange} closeLabel="Cancel">
          <div className="credentials-dialog">
            <p>For your security, please confirm your details and choose a new password before you continue.</p>
            <CredentialsForm
              initialUsername={forcedChange.username}
              initialPassword={forcedChange.password}
              onSucceeded={credentialsChanged}
            />
          </div>
        </ModalDialog>
      )}
      {changed && (
        <ModalDialog title={ENTRY_TEXTS.forcedChangeSuccess} onClose={closeChanged} closeLabel="Close and log in">
          <p>Your account is updated. We will now log you in with your new password.</p>
        </ModalDialog>
      )}
    </AccountPanel>
  );
}
