import { Suspense, type ReactNode } from 'react';
import { isNavHiddenPath } from '@testerhub/shared/routes';
import { useSiteFrameTexts } from '../components/site-frame-texts';
import { useDocumentLanguage } from '../hooks/use-entry-language';
import { CookieNotice } from '../features/cookie-notice/cookie-notice';
import { TopNav } from '../features/navigation/top-nav';

interface SiteFrameProps {
  pathname: string;
  /** Shown after the page, outside its content (the app's navigation loading animation). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * Frame shared by every page: top navigation where it belongs, the page, the cookie notice. The
 * full app (RootLayout) and the home page's own entry (HomeApp) both render it, so the home page
 * looks and hydrates the same whichever of them runs (decision 110).
 */
export function SiteFrame({ pathname, after, children }: SiteFrameProps) {
  const isPopup = pathname.toLowerCase().startsWith('/popup/');
  const showNav = !isPopup && !isNavHiddenPath(pathname);
  useDocumentLanguage();
  return (
    <>
      <SkipLink />
      {showNav && <TopNav />}
      <div id="content" className={showNav ? 'page page--with-nav' : 'page'}>
        <Suspense fallback={<div className="page-placeholder" aria-busy="true" />}>{children}</Suspense>
      </div>
      {after}
      <CookieNotice />
    </>
  );
}

function SkipLink() {
  const t = useSiteFrameTexts();
  return (
    <a className="skip-link" href="#content">
      {t('skipToContent')}
    </a>
  );
}
