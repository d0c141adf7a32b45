import type { Executor } from '../../core/db/client.ts';
import { saveStudies } from './study-service.ts';
import { createStudyRepository } from './study-repository.ts';

/**
 * Demo studies (decision 017); their hosted screeners are screening-seed.ts's, relative to the day the seed runs. The demo
 * tester (demotester1, Chicago site 00001, born 1990) sees 24103, 24104, 24105, 24106, 24107 and
 * 24108 (24101 too, but the seed has them pass its screener: decision 051); 24102 is Dallas's
 * (00002) and 24109 is closed.
 */

export const DEMO_SCREENER_HOST = 'surveys.testerhub.example';

const DAY_MS = 24 * 3600_000;

type DemoStudy = Parameters<typeof saveStudies>[1]['studies'][number];

function demoStudies(today: Date): DemoStudy[] {
  const opensAt = new Date(today.getTime() - 7 * DAY_MS);
  // Booking a session pays more than screening: the visit is what the client pays for (decision 024).
  const base = {
    opensAt,
    closesAt: null,
    screeningExp: 20,
    scheduleCoins: 100,
    scheduleExp: 50,
    // Coming pays most of all: the session is the study (decision 048).
    attendanceCoins: DEMO_ATTENDANCE_PAY.coins,
    attendanceExp: DEMO_ATTENDANCE_PAY.exp,
    screenerKind: 'hosted',
    minimumAge: 18,
  } as const;
  return [
    {
      ...base,
      studyNo: 24101,
      projectType: 1,
      participantTypeId: 4,
      colorName: 'Blue',
      testerLabel: 'Adult',
      studyBasicInfo: 'Breakfast cereal taste test, 90 minutes, $60',
      coinValue: 50,
      siteId: '00001',
      recruitTarget: 40,
    },
    {
      ...base,
      studyNo: 24102,
      projectType: 2,
      participantTypeId: 4,
      minimumAge: 21,
      maximumAge: 64,
      colorName: 'Green',
      testerLabel: 'Adult',
      studyBasicInfo: 'Sparkling water focus group, 2 hours, $90',
      coinValue: 60,
      siteId: '00002',
    },
    {
      ...base,
      studyNo: 24103,
      projectType: 3,
      participantTypeId: 3,
      minimumAge: 13,
      colorName: 'Orange',
      testerLabel: 'Teen and adult',
      studyBasicInfo: 'Take-home hair care study, 2 weeks, $75 gift card',
      coinValue: 40,
      siteId: '00001',
    },
    {
      ...base,
      studyNo: 24104,
      projectType: 27,
      participantTypeId: 1,
      colorName: 'Purple',
      testerLabel: 'Kid',
      studyBasicInfo: 'Parent and child snack test (ages 6-12), 1 hour, $50 each',
      coinValue: 50,
      siteId: '00001',
    },
    {
      ...base,
      studyNo: 24105,
      projectType: 4,
      participantTypeId: 4,
      isWaitingList: true,
      colorName: 'Red',
      testerLabel: 'Adult',
      studyBasicInfo: 'Coffee maker usage study, 3 visits, $150 (waiting list)',
      coinValue: 80,
      siteId: '00001',
    },
    {
      ...base,
      studyNo: 24106,
      projectType: 5,
      participantTypeId: 4,
      colorName: 'Teal',
      testerLabel: 'Adult',
      studyBasicInfo: 'Online screener: household cleaning habits, 10 minutes',
      coinValue: 25,
      siteId: null,
      shuffleOptions: true,
    },
    {
      ...base,
      studyNo: 24107,
      projectType: 5,
      participantTypeId: 4,
      colorName: 'Yellow',
      testerLabel: 'Adult',
      studyBasicInfo: 'Online survey: streaming habits, 15 minutes (opens our survey partner)',
      coinValue: 30,
      siteId: null,
      screenerKind: 'external',
      externalUrl: `https://${DEMO_SCREENER_HOST}/s/streaming-24107?src=testerhub`,
    },
    {
      ...base,
      studyNo: 24108,
      projectType: 1,
      participantTypeId: 4,
      colorName: 'Brown',
      testerLabel: 'Adult',
      studyBasicInfo: 'Frozen pizza taste test, 1 hour, $45 (all places taken)',
      coinValue: 35,
      siteId: '00001',
      recruitTarget: 12,
      qualifiedCount: 12,
    },
    {
      ...base,
      studyNo: 24109,
      projectType: 1,
      participantTypeId: 4,
      colorName: 'Gray',
      testerLabel: 'Adult',
      studyBasicInfo: 'Holiday cookie taste test, 1 hour, $40 (closed)',
      coinValue: 30,
      siteId: '00001',
      opensAt: new Date(today.getTime() - 60 * DAY_MS),
      closesAt: new Date(today.getTime() - DAY_MS),
    },
  ];
}

/** Demo studies and the outside screener's host, inside the seed's transaction (their hosted screeners: screening-seed.ts). */
export async function seedDemoStudies(tx: Executor, today: Date): Promise<void> {
  await saveStudies(tx, { hosts: [DEMO_SCREENER_HOST], studies: demoStudies(today) });
}

/**
 * The return secret of the demo outside screener (24107): the demo's stand-in partner, and the
 * browser test playing it, sign returns with it (decision 077). Known, like the demo logins' passwords:
 * staff replace it in the study's outside-screener set-up of any deployment that keeps the demo data.
 */
export const DEMO_EXTERNAL_RETURN_SECRET = 'demo-partner-return-secret-24107-change-me';
const DEMO_EXTERNAL_STUDY_NO = 24107;

/** Its own seed run, so databases seeded before decision 077 get it; a secret staff set already is kept. */
export async function seedDemoReturnSecret(tx: Executor, now: Date): Promise<void> {
  const studies = createStudyRepository(tx);
  if ((await studies.findStudy(DEMO_EXTERNAL_STUDY_NO)) && (await studies.returnSecretEnding(DEMO_EXTERNAL_STUDY_NO)) === null)
    await studies.setReturnSecret(DEMO_EXTERNAL_STUDY_NO, DEMO_EXTERNAL_RETURN_SECRET, now);
}

/** What attending a demo study pays (decision 048). */
export const DEMO_ATTENDANCE_PAY = { coins: 200, exp: 100 } as const;

/**
 * The demo studies' attendance pay: its own seed run, so databases seeded before decision 048
 * (whose studies got the columns' default of nothing) pay for a check-in too.
 */
export async function seedDemoAttendancePay(tx: Executor): Promise<void> {
  const studyNos = demoStudies(new Date(0)).map((study) => study.studyNo);
  await createStudyRepository(tx).setAttendancePayWhereUnset(studyNos, DEMO_ATTENDANCE_PAY);
}

/**
 * The study that targets an About-me answer (issue 9, section 4: "owns a dog"): online-only, so any
 * tester who answered "I own a dog" sees it, and nobody else. Its own seed run, after the About-me
 * seed whose answer it targets, so databases seeded before it get it too.
 */
export async function seedDemoTargetedStudy(tx: Executor, today: Date, dogOwnerAnswerId: number): Promise<void> {
  await saveStudies(tx, {
    hosts: [],
    studies: [
      {
        opensAt: new Date(today.getTime() - 7 * DAY_MS),
        closesAt: null,
        screeningExp: 20,
        screenerKind: 'hosted',
        minimumAge: 18,
        studyNo: 24110,
        projectType: 5,
        participantTypeId: 4,
        colorName: 'Navy',
        testerLabel: 'Adult',
        studyBasicInfo: 'Online survey for dog owners: dog food, 10 minutes',
        coinValue: 30,
        siteId: null,
        targetAnswerIds: [dogOwnerAnswerId],
      },
    ],
  });
}

/** The kid study 24104 takes children of 6 to 12 (its description says so; decision 029). */
export async function seedKidStudyAges(tx: Executor): Promise<void> {
  await createStudyRepository(tx).setChildAges(24104, { min: 6, max: 12 });
}
