/**
 * The maps pages' codes (/popup/maps/<code>). A module of their own: the app's route table needs
 * them on every page, and importing them from public-content put all its helpers in the portal's
 * first load (decision 141).
 */
export const MAP_CODES = ['ch', 'da', 'ny', 'la'] as const;
export type MapCode = (typeof MAP_CODES)[number];
