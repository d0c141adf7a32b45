import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * An address under /community/main that no portal page claims, for a logged-in tester: a
 * not-found view inside the portal (security finding 12; a stranger never gets here, the
 * shell's session check sends them to login first).
 */
export function PortalNotFound() {
  usePageTitle('Page not found');
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="portal-not-found-title" className="portal-not-found">
      <h1 id="portal-not-found-title" className="portal-not-found__title">
        Page not found
      </h1>
      <p>
        We could not find{' '}
        <code className="portal-not-found__code" data-testid="not-found-url">
          {`${pathname}${search}`}
        </code>
        .
      </p>
      <p>The link may be old or mistyped.</p>
      <Link to="/community/main/screener" className="button button--primary">
        Go to your studies
      </Link>
    </section>
  );
}
