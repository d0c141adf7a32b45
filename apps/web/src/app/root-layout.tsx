import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isNavHiddenPath } from '@testerhub/shared/routes';
import { CookieNotice } from '../features/cookie-notice/cookie-notice';
import { TopNav } from '../features/navigation/top-nav';
import { NavigationLoadingOverlay, NavigationLoadingProvider, RouteReady } from '../components/navigation-loading';

/** Frame shared by every page: top navigation where it belongs, the page, the cookie notice. */
export function RootLayout() {
  const { pathname } = useLocation();
  const isPopup = pathname.toLowerCase().startsWith('/popup/');
  const showNav = !isPopup && !isNavHiddenPath(pathname);
  return (
    <NavigationLoadingProvider>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {showNav && <TopNav />}
      <div id="content" className={showNav ? 'page page--with-nav' : 'page'}>
        <Suspense fallback={<div className="page-placeholder" aria-busy="true" />}>
          <Outlet />
          <RouteReady />
        </Suspense>
      </div>
      <NavigationLoadingOverlay />
      <CookieNotice />
    </NavigationLoadingProvider>
  );
}
