import { Link } from 'react-router';
import { MessagePage } from '../../components/message-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePrivacyTexts } from './privacy-texts';

/** Where the browser lands after deleting the account (decision 040): public, no session. */
export const ACCOUNT_DELETED_PATH = '/community/accountDeleted';

/** The public page after an account deletion: says it is done, with the way to the main page. */
export function AccountDeletedPage() {
  const t = usePrivacyTexts();
  usePageTitle(t('deletedPageTitle'));
  return (
    <MessagePage title={t('deletedTitle')}>
      <p role="status">{t('accountDeleted')}</p>
      <p>{t('loggedOut')}</p>
      <div className="message-page__actions">
        <Link to="/" className="button button--primary">
          {t('mainPage')}
        </Link>
      </div>
    </MessagePage>
  );
}
