import { sessionValues, STUDY_LINK_HANDLED_KEY, studyLinkKey } from '../../lib/browser-storage';

/** The parameters of an e-mailed or screener self-schedule link (spec 3, section 2). */
export interface SelfScheduleLink {
  /** Study GUID. */
  s: string | null;
  /** Tester id. */
  t: string | null;
  /** Signed data of the link. */
  d: string | null;
  /** Outside-screener return token (ExternalScr.aspx). */
  ex: string | null;
  /** The outside screener's signature of ex (decision 077): what makes the return count. */
  sig: string | null;
  /** The child being scheduled (kid GUID), when the link is a child's (decision 029). */
  k: string | null;
}

const LINK_KEYS = ['s', 't', 'd', 'ex', 'sig', 'k'] as const;

/**
 * Everything the link stored that a completed self-schedule clears (spec 3, "Session storage":
 * s, t, d, e, k), with ex, its sig and the study and tester pair the account root keeps beside them.
 */
const CLEARED_KEYS = ['s', 't', 'd', 'e', 'k', 'ex', 'sig', 'study', 'tester'] as const;

/**
 * The link's parameters: from the address when it has them (and then stored, so a reload or a
 * login in between keeps them), otherwise from sessionStorage.
 */
export function readSelfScheduleLink(search: string): SelfScheduleLink {
  const query = new URLSearchParams(search);
  const fromAddress = LINK_KEYS.some((key) => query.get(key));
  const link = {} as SelfScheduleLink;
  for (const key of LINK_KEYS) {
    const value = fromAddress ? query.get(key) : sessionValues.get(key);
    link[key] = value || null;
    if (fromAddress && value) sessionValues.set(key, value);
    // A new address without k is the tester's own link: a child stored by an earlier one must not ride along.
    else if (fromAddress && key === 'k') sessionValues.remove(key);
  }
  // This page handles the link it was opened with: the portal's study-link flow, which may load
  // only after the tester has left the page, must not run it again and send them back here.
  if (fromAddress && link.s && link.t) {
    sessionValues.set(STUDY_LINK_HANDLED_KEY, studyLinkKey({ s: link.s, t: link.t, d: link.d ?? '', k: link.k ?? '' }));
  }
  return link;
}

/** A finished self-schedule: the link's parameters are spent. */
export function clearSelfScheduleLink(): void {
  for (const key of CLEARED_KEYS) sessionValues.remove(key);
}

/** The outside-screener token (and its signature) is used once; the rest of the link stays for the 30-minute wait. */
export function forgetExternalToken(): void {
  sessionValues.remove('ex');
  sessionValues.remove('sig');
}
