/** Where a redirectLink leads: a path of this site (client navigation), an outside address (full page load), or nowhere. */
export type RedirectTarget = { kind: 'inApp'; path: string } | { kind: 'external'; href: string } | null;

/**
 * Classifies a redirectLink from the server. The server allow-lists outside hosts; the client
 * still refuses anything but a path of this site or an http(s) address (no javascript: and
 * the like), and treats an address on this site's own origin as an in-app path.
 */
export function redirectTarget(link: string | undefined, origin: string = window.location.origin): RedirectTarget {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) return { kind: 'inApp', path: link };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === origin) return { kind: 'inApp', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href: url.href };
}

/** The full page load to an outside tool, behind an object so tests can watch it (jsdom cannot navigate). */
export const outsidePage = {
  open(href: string): void {
    window.location.assign(href);
  },
};
