/**
 * The tiles of /community/main/account/general (spec 3, "Account general"), in the spec's order.
 * A tile whose feature is not built yet has ready: false and stays hidden, as the portal menu
 * does (decision 030); the issue that builds it flips its flag.
 */
export type AccountTileId =
  'perks' | 'kids' | 'profile' | 'notifications' | 'faqs' | 'leaderboard' | 'loginCount' | 'support' | 'location' | 'privacy' | 'logout';

export interface AccountTile {
  id: AccountTileId;
  label: string;
  ready: boolean;
}

export const ACCOUNT_TILES: readonly AccountTile[] = [
  { id: 'perks', label: 'Perks', ready: true },
  { id: 'kids', label: 'Register your kid(s)', ready: true },
  { id: 'profile', label: 'My Profile', ready: true },
  { id: 'notifications', label: 'Notification settings', ready: true },
  { id: 'faqs', label: 'FAQs', ready: true },
  { id: 'leaderboard', label: 'Leaderboard', ready: true },
  { id: 'loginCount', label: 'Login Count', ready: true },
  { id: 'support', label: 'Support', ready: true },
  { id: 'location', label: 'Location', ready: true },
  // Not in the spec (decision 040): download my data, delete my account.
  { id: 'privacy', label: 'Your data', ready: true },
  { id: 'logout', label: 'Log out', ready: true },
];

export const visibleTiles = (tiles: readonly AccountTile[] = ACCOUNT_TILES) => tiles.filter((tile) => tile.ready);

/** The test sites' map popups (spec 3, "Documents and maps"). */
export const LOCATIONS = [
  { code: 'ch', city: 'Chicago' },
  { code: 'da', city: 'Dallas' },
  { code: 'ny', city: 'New York' },
  { code: 'la', city: 'Los Angeles' },
] as const;
