import { sessionValues, STUDY_LINK_HANDLED_KEY, studyLinkKey } from '../../lib/browser-storage';

/** A link's parameters as the account root stored them (s and t are required; the others may be ''). */
export interface StoredLink {
  s: string;
  t: string;
  d: string;
  k: string;
}

/**
 * The study link waiting in this tab, if any. Apart from the flow (./study-link-flow), so that the
 * portal's first load can look for a link without loading the flow and its calls (decision 100).
 */
export function readStoredLink(): StoredLink | null {
  const s = sessionValues.get('s');
  const t = sessionValues.get('t');
  if (!s || !t) return null;
  return { s, t, d: sessionValues.get('d') ?? '', k: sessionValues.get('k') ?? '' };
}

/** Marks the link the flow last ran for, so that coming back to the portal does not run it again. */
export const HANDLED_LINK_KEY = STUDY_LINK_HANDLED_KEY;

export const linkKey = (link: StoredLink) => studyLinkKey(link);

/** The self-schedule page reads its own s, t and d: the flow does not run there. */
export const SELF_SCHEDULE_PATH = '/community/main/schedule/self';
