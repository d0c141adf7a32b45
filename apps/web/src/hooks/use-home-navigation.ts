import type { HomeSection } from '@testerhub/shared/routes';
import { isHomePath } from '../lib/home-paths';
import { useSiteNavigation } from '../lib/site-navigation';

/**
 * Moves to a home-page section. On the home page the address is rewritten in place
 * (replace, so Back leaves the site rather than stepping through sections) and the page
 * scrolls smoothly; from another page it is a normal navigation.
 */
export function useHomeNavigation() {
  const { location, navigate } = useSiteNavigation();
  return (section: HomeSection | null) => {
    const target = section ? `/${section}` : '/';
    const onHome = isHomePath(location.pathname);
    navigate(target, { replace: onHome, preventScrollReset: true, state: { smoothScroll: onHome } });
  };
}
