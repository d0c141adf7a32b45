import { ageOn } from './account-rules.ts';

/**
 * A study's pure rules and the screener's texts (spec 2, sections 2 to 9; decisions 017, 029,
 * 050): the studies, screening, scheduling, children, study-links and dashboard modules decide
 * with them, so they live beside the other pure rules rather than in one of those modules.
 */

/** What makes a study a kid study or a teen-and-adult one. */
export interface StudyKind {
  projectType: number;
  participantTypeId: number;
}

/** The ages a study takes: its testers' and, for a kid study, its children's (null: unset). */
export interface StudyAges {
  minimumAge: number;
  maximumAge: number | null;
  childMinimumAge: number | null;
  childMaximumAge: number | null;
}

/** The screener texts (spec 2, section 8), written once: the studies, screening and children modules answer with them. */
export const SCREENER_TEXTS = {
  alreadyScheduledStatus: 'Screener Failed - 101',
  alreadyScheduled:
    'Thank you for completing the screener: your coins and experience have been added. You are already scheduled for an upcoming study, so you cannot book another one until it has taken place.',
  fullStatus: 'Screener Failed - 102',
  full: 'All schedule spots for this study are filled. Please choose another slot, or check the other studies on your screener page.',
  notAvailable: 'Oh No! This study is no longer available...',
  disqualified:
    'Thank you for taking the time to answer our questions! This study is not the right match this time, but new studies open often. Please check back soon.',
  waitlisted: 'Thank you! You have been added to the waiting list for this study. We will contact you as soon as a spot opens.',
} as const;

/** Recruiting now: opened and not yet closed (a staff Close sets closes_at to now: decision 050). */
export const isStudyOpen = (study: { opensAt: Date; closesAt: Date | null }, at: Date) =>
  study.opensAt <= at && (study.closesAt === null || study.closesAt > at);

/** The study's recruit target is reached: nobody else can qualify. */
export const isStudyFull = (study: { recruitTarget: number | null; qualifiedCount: number }) =>
  study.recruitTarget !== null && study.qualifiedCount >= study.recruitTarget;

/** Project and participant types of kid studies (spec 2, section 9). */
const KID_PROJECT_TYPES: readonly number[] = [26, 27, 28];
const KID_PARTICIPANT_TYPES: readonly number[] = [1, 2, 5];
export const isKidStudy = (study: StudyKind) =>
  KID_PROJECT_TYPES.includes(study.projectType) || KID_PARTICIPANT_TYPES.includes(study.participantTypeId);

/** Participant type 3: teens and adults (the 'self or teen' choice). */
export const TEEN_AND_ADULT_PARTICIPANT_TYPE = 3;
const TEEN_AGES = { min: 13, max: 17 } as const;

/**
 * The ages of the children a study takes (decision 029): a kid study its child ages (0 to 17 when
 * unset); a teen-and-adult study teens of 13 to 17 within its own ages; any other study none.
 */
export function childAgesOf(study: StudyKind & StudyAges): { min: number; max: number } | null {
  if (isKidStudy(study)) return { min: study.childMinimumAge ?? 0, max: study.childMaximumAge ?? TEEN_AGES.max };
  if (study.participantTypeId !== TEEN_AND_ADULT_PARTICIPANT_TYPE) return null;
  const min = Math.max(TEEN_AGES.min, study.minimumAge);
  const max = Math.min(TEEN_AGES.max, study.maximumAge ?? TEEN_AGES.max);
  return min <= max ? { min, max } : null;
}

/** Whether a child born on `birthDate` (YYYY-MM-DD) is, on `today`, of an age the study takes. */
export function childFitsStudy(study: Parameters<typeof childAgesOf>[0], child: { birthDate: string }, today: Date) {
  const ages = childAgesOf(study);
  const age = testerAge(child.birthDate, today);
  return ages !== null && age >= ages.min && age <= ages.max;
}

/** A tester's age on a day, from the birth date as stored (YYYY-MM-DD). */
export function testerAge(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  return ageOn({ year, month, day }, today);
}
