import { Link } from 'react-router';
import { PRIVACY_TEXTS } from '@testerhub/shared/privacy-schemas';
import { MessagePage } from '../../components/message-page';
import { usePageTitle } from '../../hooks/use-page-title';

/** Where the browser lands after deleting the account (decision 040): public, no session. */
export const ACCOUNT_DELETED_PATH = '/community/accountDeleted';

/** The public page after an account deletion: says it is done, with the way to the main page. */
export function AccountDeletedPage() {
  usePageTitle('Account deleted');
  return (
    <MessagePage title="Your account has been deleted">
      <p role="status">{PRIVACY_TEXTS.accountDeleted}</p>
      <p>You have been logged out. Thank you for testing with us.</p>
      <div className="message-page__actions">
        <Link to="/" className="button button--primary">
          Go to the main page
        </Link>
      </div>
    </MessagePage>
  );
}
