import type { Screener } from '../src/features/screeners/study-kind';

/** One adult study as GetScreeners lists it (a 50-coin cereal taste test); the overrides change what a test is about. */
export const screenerStudy = (overrides: Partial<Screener> = {}): Screener => ({
  screenerStudyNo: 11,
  projectType: 1,
  participantTypeID: 4,
  minimumAge: 18,
  isWaitingList: false,
  colorName: 'Blue',
  testerLabel: 'Adult',
  studyBasicInfo: 'Cereal taste test',
  coinValue: 50,
  ...overrides,
});
