import { useLocation, useNavigate } from 'react-router';
import { HOME_SECTIONS, type HomeSection } from '@testerhub/shared/routes';

export function isHomePath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path === '' || HOME_SECTIONS.some((section) => path === `/${section}`);
}

/**
 * Moves to a home-page section. On the home page the address is rewritten in place
 * (replace, so Back leaves the site rather than stepping through sections) and the page
 * scrolls smoothly; from another page it is a normal navigation.
 */
export function useHomeNavigation() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (section: HomeSection | null) => {
    const target = section ? `/${section}` : '/';
    const onHome = isHomePath(pathname);
    navigate(target, { replace: onHome, preventScrollReset: true, state: { smoothScroll: onHome } });
  };
}
