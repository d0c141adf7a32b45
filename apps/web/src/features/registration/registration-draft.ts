import { AD_OTHER, GENDERS, LIMITS, RACE_IDS, checkBirthDate } from '@testerhub/shared/account-rules';
import type { MessageKey } from '@testerhub/shared/account-messages';
import { registrationAccountFormSchema, registrationProfileFormSchema } from '@testerhub/shared/account-schemas';
import { AD_TYPE_STORAGE_KEY, DEFAULT_AD_TYPE } from '@testerhub/shared/marketing';
import { sessionValues } from '../../lib/browser-storage';
import { phoneProblem } from '../../lib/phone';

/**
 * Session key of the registration draft. The join page's short sign-up form writes
 * { firstName, lastName, phone, email } here (it may not import this module), so the
 * reader below accepts any subset of the fields.
 */
export const DRAFT_STORAGE_KEY = 'registrationDraft';
export const REFERRAL_STORAGE_KEY = 'referralCode';

export type ProfileField = 'firstName' | 'lastName' | 'zipCode' | 'address' | 'city' | 'state';
export type DetailField = 'gender' | 'phone' | 'raceId' | 'adId' | 'adDetail' | 'birth' | 'acceptTerms';

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

export type FieldErrors<Field extends string> = Partial<Record<Field, MessageKey>>;

function compact<Field extends string>(entries: [Field, MessageKey | null][]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const [field, problem] of entries) if (problem) errors[field] = problem;
  return errors;
}

export function birthOf(draft: Pick<RegistrationDraft, 'year' | 'month' | 'day'>): { year: number; month: number; day: number } {
  return { year: Number(draft.year) || 0, month: Number(draft.month) || 0, day: Number(draft.day) || 0 };
}

/** Step 3 rules; adId is the how-heard value actually shown (an unknown stored one falls back to Other). */
export function detailErrors(draft: RegistrationDraft, adId: string, today: Date): FieldErrors<DetailField> {
  const detailProblem = (): MessageKey | null => {
    if (adId === AD_OTHER && !draft.adDetail.trim()) return 'adDetailRequired';
    return draft.adDetail.length > LIMITS.adDetailMax ? 'textTooLong' : null;
  };
  return compact<DetailField>([
    ['gender', (GENDERS as readonly string[]).includes(draft.gender) ? null : 'genderInvalid'],
    ['phone', phoneProblem(draft.phone)],
    ['raceId', (RACE_IDS as readonly string[]).includes(draft.raceId) ? null : 'raceInvalid'],
    ['adId', adId ? null : 'adInvalid'],
    ['adDetail', detailProblem()],
    ['birth', checkBirthDate(birthOf(draft), today)],
    ['acceptTerms', draft.acceptTerms ? null : 'termsRequired'],
  ]);
}

/** The step a visitor may be on: a later step needs every earlier one valid (and the password still in memory). */
export function furthestAllowedStep(draft: RegistrationDraft): 'account' | 'profile' | 'detail' {
  if (!registrationAccountFormSchema().safeParse({ ...draft, ...recallPasswords() }).success) return 'account';
  if (!registrationProfileFormSchema().safeParse(draft).success) return 'profile';
  return 'detail';
}

/** YYYY-MM-DD for the Birth field. */
export function birthIso(draft: Pick<RegistrationDraft, 'year' | 'month' | 'day'>): string {
  const { year, month, day } = birthOf(draft);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
