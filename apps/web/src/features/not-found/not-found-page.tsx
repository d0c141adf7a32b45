import { Link, useLocation } from 'react-router';
import { aroundSlot } from '../../components/sign-in-texts';
import { MessagePage } from '../../components/message-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { useNotFoundTexts } from './not-found-texts';

/** Unknown address: shows what was asked for, with the way back to login and to the main page (spec 1, 2.7). */
export function NotFoundPage() {
  const t = useNotFoundTexts();
  const location = useLocation();
  usePageTitle(t('title'));
  const requested = `${location.pathname}${location.search}`;
  const [before, after] = aroundSlot(t('couldNotFind'), 'address');
  return (
    <MessagePage title={t('title')}>
      <p>
        {before}
        <code className="message-page__code" data-testid="not-found-url">
          {requested}
        </code>
        {after}
      </p>
      <p>{t('oldLink')}</p>
      <div className="message-page__actions">
        <Link to="/community/login" className="button button--primary">
          {t('goToLogin')}
        </Link>
        <Link to="/" className="button button--outline">
          {t('goToMain')}
        </Link>
      </div>
    </MessagePage>
  );
}
