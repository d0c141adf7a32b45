import type { Screener } from '@testerhub/shared/screener-schemas';
import { isKidStudy as isStudyKidStudy } from '@testerhub/shared/study-rules';

export type { Screener } from '@testerhub/shared/screener-schemas';
export { TEEN_AND_ADULT_PARTICIPANT_TYPE } from '@testerhub/shared/study-rules';

/** A kid study (spec 2, sections 4 and 9): the one rule the server screens by, on the list's field names. */
export function isKidStudy(screener: Pick<Screener, 'projectType' | 'participantTypeID'>): boolean {
  return isStudyKidStudy({ projectType: screener.projectType, participantTypeId: screener.participantTypeID });
}

/** The colour name as a CSS colour for the chip, when it is one; otherwise a neutral grey (the name is still shown as text). */
export function chipColour(colorName: string): string {
  const name = colorName.trim();
  const looksLikeColour = /^[a-z]{3,30}$/i.test(name) || /^#[0-9a-f]{3,8}$/i.test(name);
  const supported = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', name) : looksLikeColour;
  return looksLikeColour && supported ? name : '#98a2b3';
}
