import { Link, useLocation } from 'react-router';
import { MessagePage } from '../../components/message-page';
import { usePageTitle } from '../../hooks/use-page-title';

/** Unknown address: shows what was asked for, with the way back to login and to the main page (spec 1, 2.7). */
export function NotFoundPage() {
  const location = useLocation();
  usePageTitle('Page not found');
  const requested = `${location.pathname}${location.search}`;
  return (
    <MessagePage title="Page not found">
      <p>
        We could not find{' '}
        <code className="message-page__code" data-testid="not-found-url">
          {requested}
        </code>
        .
      </p>
      <p>The link may be old or mistyped.</p>
      <div className="message-page__actions">
        <Link to="/community/login" className="button button--primary">
          Go to login
        </Link>
        <Link to="/" className="button button--outline">
          Go to the main page
        </Link>
      </div>
    </MessagePage>
  );
}
