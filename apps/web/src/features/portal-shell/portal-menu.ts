import en from '@testerhub/shared/locales/en/portal-shell.json';

/** A key of the portal shell's texts (locales/<language>/portal-shell.json). */
export type PortalShellKey = keyof typeof en;

/**
 * The portal's menus (spec 2, section 2). Every entry of the spec is listed; an entry whose
 * page is not built yet has ready: false and stays hidden rather than open an empty page.
 * A later issue that builds a page flips its flag.
 */
export interface MenuEntry {
  /** The spec's English label; the shell shows the text of `text` in the tester's language. */
  label: string;
  text: PortalShellKey;
  to: string;
  ready: boolean;
}

export interface MenuGroup {
  label: string;
  text: PortalShellKey;
  entries: readonly MenuEntry[];
}

const MAIN = '/community/main';

/** A label by its text's key, the English label read from the English file (no second copy of it). */
function labelled(text: PortalShellKey): { label: string; text: PortalShellKey } {
  return { label: en[text], text };
}

export const SIDE_MENU: readonly MenuGroup[] = [
  {
    ...labelled('home'),
    entries: [
      { ...labelled('screener'), to: `${MAIN}/screener`, ready: true },
      { ...labelled('aboutMe'), to: `${MAIN}/about-me`, ready: true },
      { ...labelled('quickSurvey'), to: `${MAIN}/quick-survey`, ready: true },
      { ...labelled('forum'), to: `${MAIN}/forum`, ready: false },
    ],
  },
  {
    ...labelled('schedule'),
    entries: [
      { ...labelled('mySchedule'), to: `${MAIN}/schedule/check`, ready: true },
      { ...labelled('changeOrCancel'), to: `${MAIN}/schedule/change`, ready: true },
      { ...labelled('selfSchedule'), to: `${MAIN}/schedule/self`, ready: true },
    ],
  },
  {
    ...labelled('referral'),
    entries: [
      { ...labelled('referralEvent'), to: `${MAIN}/referral/event`, ready: true },
      { ...labelled('referAFriend'), to: `${MAIN}/referral/offer`, ready: true },
      { ...labelled('referralHistory'), to: `${MAIN}/referral/history`, ready: true },
    ],
  },
  {
    ...labelled('winners'),
    entries: [
      { ...labelled('tryYourLuck'), to: `${MAIN}/winners/try-your-luck`, ready: true },
      { ...labelled('eCard'), to: `${MAIN}/winners/eCard`, ready: true },
      { ...labelled('newTester'), to: `${MAIN}/winners/new-tester`, ready: true },
    ],
  },
  {
    ...labelled('account'),
    entries: [
      { ...labelled('general'), to: `${MAIN}/account/general`, ready: true },
      { ...labelled('contact'), to: `${MAIN}/account/contact`, ready: true },
      { ...labelled('password'), to: `${MAIN}/account/password`, ready: true },
      { ...labelled('coins'), to: `${MAIN}/account/coins`, ready: true },
    ],
  },
];

export interface TopNavItem extends MenuEntry {
  /** MY ACCOUNT shows only in the mobile menu (spec 2, section 2). */
  mobileOnly?: boolean;
}

export const TOP_NAV: readonly TopNavItem[] = [
  { ...labelled('navHome'), to: `${MAIN}/screener`, ready: true },
  { ...labelled('navSchedule'), to: `${MAIN}/schedule/check`, ready: true },
  { ...labelled('navReferral'), to: `${MAIN}/referral/event`, ready: true },
  { ...labelled('navEvent'), to: `${MAIN}/winners/try-your-luck`, ready: true },
  { ...labelled('navMyAccount'), to: `${MAIN}/account/general`, ready: true, mobileOnly: true },
];

/** Groups with at least one built page, holding only those pages. */
export function visibleGroups(groups: readonly MenuGroup[] = SIDE_MENU): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => entry.ready) }))
    .filter((group) => group.entries.length > 0);
}

export function visibleTopNav(items: readonly TopNavItem[] = TOP_NAV): TopNavItem[] {
  return items.filter((item) => item.ready);
}
