import { useEffect } from 'react';
import { COMPANY } from '@testerhub/shared/company';

/** During prerendering there are no effects: the last title rendered is kept here for the HTML head. */
let lastPrerenderTitle = '';

export function takePrerenderTitle(): string {
  const title = lastPrerenderTitle;
  lastPrerenderTitle = '';
  return title;
}

function notePrerenderTitle(title: string): void {
  if (typeof window === 'undefined') lastPrerenderTitle = title;
}

/** Sets the document title for the page being shown; the prerender step writes the same text into the HTML. */
export function usePageTitle(title: string): void {
  notePrerenderTitle(pageTitle(title));
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

export function pageTitle(title: string): string {
  return title ? `${title} | ${COMPANY.communityName}` : `${COMPANY.communityName} - Get paid to test products`;
}
