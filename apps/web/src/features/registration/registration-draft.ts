import { birthDateOf } from '@testerhub/shared/account-rules';
import { registrationAccountFormSchema, registrationProfileFormSchema } from '@testerhub/shared/account-schemas';
import { AD_TYPE_STORAGE_KEY, DEFAULT_AD_TYPE } from '@testerhub/shared/marketing';
import { sessionValues } from '../../lib/browser-storage';

/**
 * Session key of the registration draft. The join page's short sign-up form writes
 * { firstName, lastName, phone, email } here (it may not import this module), so the
 * reader below accepts any subset of the fields.
 */
export const DRAFT_STORAGE_KEY = 'registrationDraft';
export const REFERRAL_STORAGE_KEY = 'referralCode';

export type ProfileField = 'firstName' | 'lastName' | 'zipCode' | 'address' | 'city' | 'state';

/** Everything the three steps ask but the passwords; step 2's fields (ProfileField) are all text. */
export interface RegistrationDraft extends Record<ProfileField, string> {
  username: string;
  email: string;
  gender: string;
  /** As typed (possibly formatted); the digits are sent. */
  phone: string;
  raceId: string;
  adId: string;
  adDetail: string;
  year: string;
  month: string;
  day: string;
  acceptTerms: boolean;
  /** Last zip checked with CheckLocation and whether it was too far from a test site. */
  location: { zip: string; tooFar: boolean } | null;
  /** Values the server reported as taken when registering, shown at once on step 1. */
  taken: { username?: string; email?: string };
}

const TEXT_FIELDS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'zipCode',
  'address',
  'city',
  'state',
  'gender',
  'phone',
  'raceId',
  'adId',
  'adDetail',
  'year',
  'month',
  'day',
] as const;

function emptyDraft(): RegistrationDraft {
  return {
    username: '',
    email: '',
    firstName: '',
    lastName: '',
    zipCode: '',
    address: '',
    city: '',
    state: '',
    gender: '',
    phone: '',
    raceId: '',
    // The ad type an ad-entry path left in the session, else Other (spec 2, 4).
    adId: sessionValues.get(AD_TYPE_STORAGE_KEY) || DEFAULT_AD_TYPE,
    adDetail: '',
    year: '',
    month: '',
    day: '',
    acceptTerms: false,
    location: null,
    taken: {},
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored draft, tolerant of missing, partial or foreign content (never throws). */
export function loadDraft(): RegistrationDraft {
  const draft = emptyDraft();
  let stored: unknown = null;
  try {
    stored = JSON.parse(sessionValues.get(DRAFT_STORAGE_KEY) ?? 'null');
  } catch {
    return draft;
  }
  if (!isRecord(stored)) return draft;
  for (const field of TEXT_FIELDS) {
    const value = stored[field];
    if (typeof value === 'string' && value.length <= 200) draft[field] = value;
  }
  if (typeof stored.acceptTerms === 'boolean') draft.acceptTerms = stored.acceptTerms;
  const location = stored.location;
  if (isRecord(location) && typeof location.zip === 'string' && typeof location.tooFar === 'boolean')
    draft.location = { zip: location.zip, tooFar: location.tooFar };
  const taken = stored.taken;
  if (isRecord(taken)) {
    if (typeof taken.username === 'string') draft.taken.username = taken.username;
    if (typeof taken.email === 'string') draft.taken.email = taken.email;
  }
  return draft;
}

export function saveDraft(draft: RegistrationDraft): void {
  sessionValues.set(DRAFT_STORAGE_KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  sessionValues.remove(DRAFT_STORAGE_KEY);
}

/*
 * Passwords never go to storage: they live in this module for the life of the page, so
 * Back and Next keep them but a reload forgets them (the guard then returns to step 1).
 */
let rememberedPasswords = { password: '', confirmation: '' };

export function rememberPasswords(passwords: { password: string; confirmation: string }): void {
  rememberedPasswords = { ...passwords };
}

export function recallPasswords(): { password: string; confirmation: string } {
  return rememberedPasswords;
}

export function forgetPasswords(): void {
  rememberedPasswords = { password: '', confirmation: '' };
}

/** The step a visitor may be on: a later step needs every earlier one valid (and the password still in memory). */
export function furthestAllowedStep(draft: RegistrationDraft): 'account' | 'profile' | 'detail' {
  if (!registrationAccountFormSchema().safeParse({ ...draft, ...recallPasswords() }).success) return 'account';
  if (!registrationProfileFormSchema().safeParse(draft).success) return 'profile';
  return 'detail';
}

/** YYYY-MM-DD for the Birth field. */
export function birthIso(selects: Pick<RegistrationDraft, 'year' | 'month' | 'day'>): string {
  const { year, month, day } = birthDateOf(selects);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
