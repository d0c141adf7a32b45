/**
 * The portal's menus (spec 2, section 2). Every entry of the spec is listed; an entry whose
 * page is not built yet has ready: false and stays hidden rather than open an empty page.
 * A later issue that builds a page flips its flag.
 */
export interface MenuEntry {
  label: string;
  to: string;
  ready: boolean;
}

export interface MenuGroup {
  label: string;
  entries: readonly MenuEntry[];
}

const MAIN = '/community/main';

export const SIDE_MENU: readonly MenuGroup[] = [
  {
    label: 'Home',
    entries: [
      { label: 'Screener', to: `${MAIN}/screener`, ready: true },
      { label: 'About me', to: `${MAIN}/about-me`, ready: true },
      { label: 'Quick survey', to: `${MAIN}/quick-survey`, ready: true },
      { label: 'Forum', to: `${MAIN}/forum`, ready: false },
    ],
  },
  {
    label: 'Schedule',
    entries: [
      { label: 'My schedule', to: `${MAIN}/schedule/check`, ready: true },
      { label: 'Change or cancel', to: `${MAIN}/schedule/change`, ready: true },
      { label: 'Self-schedule', to: `${MAIN}/schedule/self`, ready: true },
    ],
  },
  {
    label: 'Referral',
    entries: [
      { label: 'Referral event', to: `${MAIN}/referral/event`, ready: true },
      { label: 'Refer a friend', to: `${MAIN}/referral/offer`, ready: true },
      { label: 'Referral history', to: `${MAIN}/referral/history`, ready: true },
    ],
  },
  {
    label: 'Winners',
    entries: [
      { label: 'Try your luck', to: `${MAIN}/winners/try-your-luck`, ready: true },
      { label: 'eCard', to: `${MAIN}/winners/eCard`, ready: true },
      { label: 'New tester', to: `${MAIN}/winners/new-tester`, ready: true },
    ],
  },
  {
    label: 'Account',
    entries: [
      { label: 'General', to: `${MAIN}/account/general`, ready: true },
      { label: 'Contact', to: `${MAIN}/account/contact`, ready: true },
      { label: 'Password', to: `${MAIN}/account/password`, ready: true },
      { label: 'Coins', to: `${MAIN}/account/coins`, ready: true },
    ],
  },
];

export interface TopNavItem extends MenuEntry {
  /** MY ACCOUNT shows only in the mobile menu (spec 2, section 2). */
  mobileOnly?: boolean;
}

export const TOP_NAV: readonly TopNavItem[] = [
  { label: 'HOME', to: `${MAIN}/screener`, ready: true },
  { label: 'SCHEDULE', to: `${MAIN}/schedule/check`, ready: true },
  { label: 'REFERRAL', to: `${MAIN}/referral/event`, ready: true },
  { label: 'EVENT', to: `${MAIN}/winners/try-your-luck`, ready: true },
  { label: 'MY ACCOUNT', to: `${MAIN}/account/general`, ready: true, mobileOnly: true },
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
