import type { MessageKey } from './account-messages.ts';

/** Limits of the entry flows (spec 2, section 9). */
export const LIMITS = {
  usernameMin: 8,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 20,
  phoneDigits: 10,
  zipDigits: 5,
  shortNameMax: 30,
  profileNameMax: 50,
  emailMax: 50,
  addressMax: 100,
  cityMax: 50,
  adDetailMax: 100,
  codeMinDigits: 6,
  codeMaxDigits: 7,
  minimumAge: 13,
  maximumAge: 80,
  loginPasswordEnableAfter: 6,
} as const;

/** The "simple pattern" for e-mail addresses: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Site ids that mean "too far from any test site" (spec 2, 5). */
export const TOO_FAR_SITE_IDS = ['88888', '00006'] as const;

export const RACES = [
  { raceID: 'B', en: 'African-American', es: 'Afroamericano' },
  { raceID: 'A', en: 'Asian', es: 'Asiático' },
  { raceID: 'C', en: 'Caucasian', es: 'Caucásico' },
  { raceID: 'H', en: 'Hispanic-Bilingual', es: 'Hispano-Bilingüe' },
  { raceID: 'N', en: 'Hispanic-English Only', es: 'Hispano-Solo inglés' },
  { raceID: 'S', en: 'Hispanic-Spanish Only', es: 'Hispano-Solo español' },
  { raceID: 'O', en: 'Other', es: 'Otro' },
  { raceID: 'R', en: 'Refused', es: 'Prefiero no decir' },
] as const;
export type RaceId = (typeof RACES)[number]['raceID'];
export const RACE_IDS = RACES.map((race) => race.raceID) as [RaceId, ...RaceId[]];

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

/** How-heard value meaning Other; it needs a detail text (spec 2, 3). */
export const AD_OTHER = '0O';

export const DEFAULT_BEST_CONTACT_TIME = { from: '07:00', to: '17:00' } as const;

/** The 50 states plus DC, by postal code. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const satisfies readonly (readonly [string, string])[];
export const STATE_CODES = US_STATES.map(([code]) => code);

type Check = MessageKey | null;

export function checkUsername(value: string): Check {
  if (!value) return 'required';
  if (/\s/.test(value)) return 'usernameSpaces';
  if (value.length < LIMITS.usernameMin) return 'usernameTooShort';
  if (value.length > LIMITS.usernameMax) return 'usernameTooLong';
  return null;
}

export function checkEmail(value: string): Check {
  if (!value) return 'required';
  if (!EMAIL_PATTERN.test(value)) return 'emailInvalid';
  if (value.length > LIMITS.emailMax) return 'emailTooLong';
  return null;
}

/** Registration password rules, in the order the messages are shown (spec 2, 5). */
export function checkPassword(value: string): Check {
  if (!value) return 'required';
  if (!/\d/.test(value)) return 'passwordDigit';
  if (!/[a-z]/.test(value)) return 'passwordLowercase';
  if (!/[A-Z]/.test(value)) return 'passwordUppercase';
  if (!/[^A-Za-z0-9]/.test(value)) return 'passwordSpecial';
  if (value.length < LIMITS.passwordMin) return 'passwordTooShort';
  if (value.length > LIMITS.passwordMax) return 'passwordTooLong';
  return null;
}

export function checkPasswordConfirmation(password: string, confirmation: string): Check {
  if (!confirmation) return 'required';
  return password === confirmation ? null : 'passwordMismatch';
}

export function checkPhone(value: string): Check {
  if (!value) return 'required';
  return new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(value) ? null : 'phoneInvalid';
}

export function checkZip(value: string): Check {
  if (!value) return 'required';
  return new RegExp(`^\\d{${LIMITS.zipDigits}}$`).test(value) ? null : 'zipInvalid';
}

export function checkCode(value: string): Check {
  if (!value) return 'required';
  return new RegExp(`^\\d{${LIMITS.codeMinDigits},${LIMITS.codeMaxDigits}}$`).test(value) ? null : 'codeInvalid';
}

export function checkRequired(value: string, max: number, tooLong: MessageKey = 'textTooLong'): Check {
  if (!value.trim()) return 'required';
  return value.length > max ? tooLong : null;
}

/**
 * What a person's name may hold: letters of any script (with their combining marks), spaces,
 * hyphens, apostrophes (' and ’) and periods. Names go into the site's e-mails, so nothing that
 * could read as a header, an address, markup or a second line (no digits, colon, @, <, line break).
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M} '’.-]+$/u;

/** A first or last name as typed: required, at most `max` characters once trimmed, and only what PERSON_NAME_PATTERN allows. */
export function checkPersonName(value: string, max: number, tooLong: MessageKey): Check {
  const name = value.trim();
  if (!name) return 'required';
  if (name.length > max) return tooLong;
  return PERSON_NAME_PATTERN.test(name) ? null : 'nameCharacters';
}

/** Digits only, as typed into a phone field. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Phone as digits when it holds only digits and formatting; anything else stays as typed, so it fails the check. */
export function phoneValue(typed: string): string {
  return /^[\d\s().+-]*$/.test(typed) ? phoneDigits(typed) : typed;
}

/** (123)456-7890, or +1(123)456-7890 for 11 digits starting with 1; anything else as typed. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 10) return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+1(${digits.slice(1, 4)})${digits.slice(4, 7)}-${digits.slice(7)}`;
  return value;
}

/** How-heard Other needs its detail text (spec 2, 5). */
export function checkAdDetail(adId: string, adDetail: string): Check {
  return adId === AD_OTHER && !adDetail.trim() ? 'adDetailRequired' : null;
}

/** Birth-year choices: from 13 years ago back to 80 years ago (spec 2, 5). */
export function birthYearChoices(today: Date): number[] {
  const year = today.getFullYear();
  const years: number[] = [];
  for (let candidate = year - LIMITS.minimumAge; candidate >= year - LIMITS.maximumAge; candidate -= 1) years.push(candidate);
  return years;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date of birth chosen in three selects (year, month, day); a select still empty gives 0. */
export function birthDateOf(selects: { year: string; month: string; day: string }): { year: number; month: number; day: number } {
  return { year: Number(selects.year) || 0, month: Number(selects.month) || 0, day: Number(selects.day) || 0 };
}

/** Whole years between a birth date and today. */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  let age = today.getFullYear() - birth.year;
  const beforeBirthday = today.getMonth() + 1 < birth.month || (today.getMonth() + 1 === birth.month && today.getDate() < birth.day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function checkBirthDate(birth: { year: number; month: number; day: number }, today: Date): Check {
  const { year, month, day } = birth;
  if (!year || !month || !day) return 'required';
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return 'birthDateInvalid';
  if (!birthYearChoices(today).includes(year)) return 'birthDateAge';
  // The year list allows someone who turns 13 later this year: the full date decides.
  if (ageOn(birth, today) < LIMITS.minimumAge) return 'birthDateAge';
  return null;
}
