import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AccountPanel } from '../../components/account-panel';
import { ModalDialog } from '../../components/modal-dialog';
import { usePageTitle } from '../../hooks/use-page-title';
import { logError } from '../../lib/log';
import { CredentialsForm, type NewCredentials } from './credentials-form';
import { postLogin, safeRedirect } from './login-api';
import { SignInLanguageToggle, useSignInTexts } from '../../components/sign-in-texts';
import { SupportFooter } from './support-footer';
import './login.css';

/**
 * /community/changePassword: the forced credential change as a page of its own, for a
 * visitor who comes here directly (a bookmark, a link from Tester Services). The login
 * page opens the same form as a popup on status changePassword and does not send people
 * here. On success the visitor is logged in with the new credentials.
 */
export function ChangeCredentialsPage() {
  const t = useSignInTexts();
  usePageTitle(t('updateAccountTitle'));
  const navigate = useNavigate();
  const location = useLocation();
  const handed = (location.state as { username?: unknown } | null)?.username;
  const [changed, setChanged] = useState<NewCredentials | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);

  const closeChanged = useCallback(() => {
    if (!changed) return;
    setChanged(null);
    setLoggingIn(true);
    const toLoginPage = () => navigate('/community/login', { replace: true, state: { username: changed.username } });
    postLogin(changed.username, changed.password).then(
      (result) => (result.status === 'succeed' ? navigate(safeRedirect(result.url), { replace: true }) : toLoginPage()),
      (error: unknown) => {
        logError('login after the credential change failed', error);
        toLoginPage();
      },
    );
  }, [changed, navigate]);

  return (
    <AccountPanel
      wide
      title={t('updateAccountTitle')}
      intro={t('updateAccountIntro')}
      footer={<SupportFooter />}
      top={<SignInLanguageToggle />}
    >
      {loggingIn ? (
        <p className="account-panel__status" role="status">
          {t('loggingYouIn')}
        </p>
      ) : (
        <CredentialsForm initialUsername={typeof handed === 'string' ? handed : ''} onSucceeded={setChanged} />
      )}
      {changed && (
        <ModalDialog title={t('forcedChangeSuccess')} onClose={closeChanged} closeLabel={t('closeAndLogIn')}>
          <p>{t('accountUpdated')}</p>
        </ModalDialog>
      )}
    </AccountPanel>
  );
}
