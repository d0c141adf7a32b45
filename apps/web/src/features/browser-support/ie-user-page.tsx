import { IE_USER_MESSAGE } from '@testerhub/shared/marketing';
import { MessagePage } from '../../components/message-page';
import { usePageTitle } from '../../hooks/use-page-title';

/** Where old Internet Explorer is sent (spec 1, 2.7). The server redirects it here before any script runs. */
export function IeUserPage() {
  usePageTitle('Browser not supported');
  return (
    <MessagePage title="Browser not supported">
      <p data-testid="ie-user-message">{IE_USER_MESSAGE}</p>
    </MessagePage>
  );
}
