import { Outlet } from 'react-router';
import { SiteFooter } from '../features/footer/site-footer';

/** Public pages that end with the site footer: home, landing pages, COVID-19. */
export function WithFooterLayout() {
  return (
    <>
      <Outlet />
      <SiteFooter />
    </>
  );
}
