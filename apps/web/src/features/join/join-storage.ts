import { sessionValues } from '../../lib/browser-storage';

/**
 * Session keys shared with other parts of the entry flows by name only. The registration
 * steps read DRAFT_STORAGE_KEY and start from the partial profile written here.
 */
export const DRAFT_STORAGE_KEY = 'registrationDraft';
/** Re-engagement result (spec 2, section 3: "engaged (with v and p)"), plus v and p on their own. */
export const ENGAGED_STORAGE_KEY = 'engaged';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(key: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(sessionValues.get(key) ?? 'null');
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export interface PartialProfile {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

/** What the short form saved before (a visitor coming back to this page finds it filled in). */
export function readPartialProfile(): PartialProfile {
  const stored = readJson(DRAFT_STORAGE_KEY);
  const text = (field: keyof PartialProfile) => (typeof stored[field] === 'string' ? (stored[field] as string).slice(0, 200) : '');
  return { firstName: text('firstName'), lastName: text('lastName'), phone: text('phone'), email: text('email') };
}

/** Merges the partial profile into the registration draft, keeping anything registration already holds. */
export function writePartialProfile(profile: PartialProfile): void {
  sessionValues.set(DRAFT_STORAGE_KEY, JSON.stringify({ ...readJson(DRAFT_STORAGE_KEY), ...profile }));
}

export function readEngagedV(): string {
  const v = readJson(ENGAGED_STORAGE_KEY).v;
  return typeof v === 'string' ? v : '';
}

export function writeEngaged(v: string, phone: string): void {
  sessionValues.set(ENGAGED_STORAGE_KEY, JSON.stringify({ v, p: phone }));
  sessionValues.set('v', v);
  sessionValues.set('p', phone);
}

export function forgetEngaged(): void {
  for (const key of [ENGAGED_STORAGE_KEY, 'v', 'p']) sessionValues.remove(key);
}
