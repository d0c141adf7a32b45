/** sessionStorage that never throws (private windows, storage switched off): a missing value reads as null. */
export const sessionValues = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value lives only as long as the page.
    }
  },
  remove(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};

/**
 * The study link the login-time flow last ran for (decision 026): it runs once per link and tab.
 * The account root forgets it when a link is opened again.
 */
export const STUDY_LINK_HANDLED_KEY = 'studyLinkHandled';

/** How a study link (s, t, d, k) is recorded under STUDY_LINK_HANDLED_KEY. */
export const studyLinkKey = (link: { s: string; t: string; d: string; k: string }) => [link.s, link.t, link.d, link.k].join('|');
