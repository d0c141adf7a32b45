import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePortalPagesTexts } from './portal-pages-texts';

/**
 * An address under /community/main that no portal page claims, for a logged-in tester: a
 * not-found view inside the portal (security finding 12; a stranger never gets here, the
 * shell's session check sends them to login first).
 */
export function PortalNotFound() {
  const t = usePortalPagesTexts();
  usePageTitle(t('notFoundTitle'));
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="portal-not-found-title" className="portal-not-found">
      <h1 id="portal-not-found-title" className="portal-not-found__title">
        {t('notFoundTitle')}
      </h1>
      <p>
        {t('notFoundBefore')}{' '}
        <code className="portal-not-found__code" data-testid="not-found-url">
          {`${pathname}${search}`}
        </code>
        .
      </p>
      <p>{t('notFoundHint')}</p>
      <Link to="/community/main/screener" className="button button--primary">
        {t('notFoundHome')}
      </Link>
    </section>
  );
}
