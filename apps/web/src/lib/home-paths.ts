import { HOME_SECTIONS, type HomeSection } from '@testerhub/shared/routes';

/** The address as the router matches it: case and trailing slashes do not count. */
function normalisedPath(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '');
}

/** The home page's addresses: / and its sections' (/benefits, /how...), which its own entry hydrates (decision 110). */
export function isHomePath(pathname: string): boolean {
  const path = normalisedPath(pathname);
  return path === '' || HOME_SECTIONS.some((section) => path === `/${section}`);
}

/** The section a home address scrolls to, or undefined for /. */
export function homeSectionOf(pathname: string): HomeSection | undefined {
  const path = normalisedPath(pathname);
  return HOME_SECTIONS.find((section) => path === `/${section}`);
}
