import type { Screener } from '@testerhub/shared/screener-schemas';

export type { Screener } from '@testerhub/shared/screener-schemas';

/** Project types and participant types that make a study a kid study (spec 2, sections 4 and 9). */
export const KID_PROJECT_TYPES: readonly number[] = [26, 27, 28];
export const KID_PARTICIPANT_TYPES: readonly number[] = [1, 2, 5];
/** Participant type of a teen-and-adult study: the tester says who takes it (spec 2, section 9). */
export const TEEN_AND_ADULT_PARTICIPANT_TYPE = 3;

export function isKidStudy(screener: Pick<Screener, 'projectType' | 'participantTypeID'>): boolean {
  return KID_PROJECT_TYPES.includes(screener.projectType) || KID_PARTICIPANT_TYPES.includes(screener.participantTypeID);
}

/** The colour name as a CSS colour for the chip, when it is one; otherwise a neutral grey (the name is still shown as text). */
export function chipColour(colorName: string): string {
  const name = colorName.trim();
  const looksLikeColour = /^[a-z]{3,30}$/i.test(name) || /^#[0-9a-f]{3,8}$/i.test(name);
  const supported = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', name) : looksLikeColour;
  return looksLikeColour && supported ? name : '#98a2b3';
}
