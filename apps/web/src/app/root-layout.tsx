import { Outlet, useLocation } from 'react-router';
import { NavigationLoadingOverlay, NavigationLoadingProvider, RouteReady } from '../components/navigation-loading';
import { SiteFrame } from './site-frame';

/** The full app's frame: the site frame around the matched page, with the navigation loading animation. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <NavigationLoadingProvider>
      <SiteFrame pathname={pathname} after={<NavigationLoadingOverlay />}>
        <Outlet />
        <RouteReady />
      </SiteFrame>
    </NavigationLoadingProvider>
  );
}
