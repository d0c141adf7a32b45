/**
 * Where Register and Login lead (spec 1, 2.3): on a testing host they are in-app links; on
 * any other host they point at the production host. Both come from the build environment.
 */
const productionOrigin = (import.meta.env.VITE_PRODUCTION_ORIGIN as string | undefined)?.replace(/\/+$/, '') ?? '';
const testingHosts = ((import.meta.env.VITE_TESTING_HOSTS as string | undefined) ?? 'localhost,127.0.0.1')
  .split(',')
  .map((host) => host.trim().toLowerCase())
  .filter(Boolean);

export const SITE_CONFIG = {
  productionOrigin,
  testingHosts,
  introVideo: { src: '/media/how-testing-works.webm', captions: '/media/how-testing-works.vtt' },
} as const;

/** An absolute production address for a path, or null when the link should stay in the app. */
export function externalPortalHref(path: string, currentHost: string): string | null {
  if (!SITE_CONFIG.productionOrigin) return null;
  const host = currentHost.toLowerCase().split(':')[0] ?? '';
  if (SITE_CONFIG.testingHosts.includes(host)) return null;
  if (new URL(SITE_CONFIG.productionOrigin).hostname.toLowerCase() === host) return null;
  return `${SITE_CONFIG.productionOrigin}${path}`;
}
