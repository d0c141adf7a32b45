import type { Executor } from '../../core/db/client.ts';
import { saveScreener, type ScreenerDefinition } from '../screening/screening-service.ts';
import { saveStudies } from './study-service.ts';
import { createStudyRepository } from './study-repository.ts';

/**
 * Demo studies and their screeners (decision 017), relative to the day the seed runs. The demo
 * tester (demotester1, Chicago site 00001, born 1990) sees 24103, 24104, 24105, 24106, 24107 and
 * 24108 (24101 too, but the seed has them pass its screener: decision 051); 24102 is Dallas's
 * (00002) and 24109 is closed.
 *
 * Answers that pass each hosted screener (any other answer to a marked question fails it):
 * - 24101 cereal: eat cereal "Every day" or "A few times a week" (Never disqualifies), household 1 to 8
 *   people (more disqualifies), nobody working in marketing or food ("No").
 * - 24102 sparkling water (quotas): "Women 21-34" (2 places), "Men 21-34" (2), "Anyone 35-64" (4);
 *   an age outside 21-64 matches no quota and so disqualifies.
 * - 24103 hair care (teen and adult): hair "Shoulder length" or "Long" (Short disqualifies).
 * - 24104 kids' snacks (parent answers): has a child aged 6 to 12 ("Yes"; "No" disqualifies).
 * - 24105 coffee maker (waiting list): owns a drip or pod coffee maker (None disqualifies).
 * - 24106 cleaning (online only, options shuffled per tester): cleans at home at least weekly
 *   ("Rarely" disqualifies).
 * - 24108 frozen pizza: already full (recruit target reached): clicking it answers 'Screener Failed - 102'.
 * - 24110 dog food (online only, its own seed run): listed only for testers whose About-me answers
 *   include "I own a dog"; buys dry or wet dog food ("I do not buy dog food" disqualifies).
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

const yesNo = (noDisqualifies: boolean) => [
  { key: 'yes', label: 'Yes', disqualifies: !noDisqualifies },
  { key: 'no', label: 'No', disqualifies: noDisqualifies },
];

const demoScreeners: ScreenerDefinition[] = [
  {
    studyNo: 24101,
    questions: [
      {
        key: 'often',
        kind: 'single',
        prompt: 'How often do you eat breakfast cereal?',
        options: [
          { key: 'daily', label: 'Every day' },
          { key: 'weekly', label: 'A few times a week' },
          { key: 'never', label: 'Never', disqualifies: true },
        ],
      },
      {
        key: 'kinds',
        kind: 'multiple',
        prompt: 'Which kinds of cereal do you buy? Choose up to three.',
        minChoices: 1,
        maxChoices: 3,
        showIf: { question: 'often', options: ['daily', 'weekly'] },
        options: [
          { key: 'flakes', label: 'Flakes' },
          { key: 'granola', label: 'Granola' },
          { key: 'oat', label: 'Oat rings' },
          { key: 'kids', label: "Children's cereal" },
          { key: 'muesli', label: 'Muesli' },
        ],
      },
      { key: 'household', kind: 'number', prompt: 'How many people live in your household?', minValue: 1, maxValue: 20, qualifyMax: 8 },
      {
        key: 'industry',
        kind: 'single',
        prompt: 'Do you or anyone in your household work in marketing, advertising or for a food company?',
        options: yesNo(false),
      },
      { key: 'brand', kind: 'text', prompt: 'Which brand did you buy last? (optional)', required: false, maxLength: 100 },
    ],
  },
  {
    studyNo: 24102,
    questions: [
      {
        key: 'sex',
        kind: 'single',
        prompt: 'Are you…',
        options: [
          { key: 'f', label: 'Female' },
          { key: 'm', label: 'Male' },
        ],
      },
      { key: 'age', kind: 'number', prompt: 'How old are you?', minValue: 13, maxValue: 120 },
      { key: 'last', kind: 'date', prompt: 'When did you last buy sparkling water?' },
    ],
    quotas: [
      {
        name: 'Women 21-34',
        capacity: 2,
        conditions: [
          { question: 'sex', options: ['f'] },
          { question: 'age', minValue: 21, maxValue: 34 },
        ],
      },
      {
        name: 'Men 21-34',
        capacity: 2,
        conditions: [
          { question: 'sex', options: ['m'] },
          { question: 'age', minValue: 21, maxValue: 34 },
        ],
      },
      { name: 'Anyone 35-64', capacity: 4, conditions: [{ question: 'age', minValue: 35, maxValue: 64 }] },
    ],
  },
  {
    studyNo: 24103,
    questions: [
      {
        key: 'hair',
        kind: 'single',
        prompt: 'How long is your hair?',
        options: [
          { key: 'short', label: 'Short', disqualifies: true },
          { key: 'shoulder', label: 'Shoulder length' },
          { key: 'long', label: 'Long' },
        ],
      },
      { key: 'washes', kind: 'number', prompt: 'How many times a week do you wash your hair?', minValue: 0, maxValue: 21 },
    ],
  },
  {
    studyNo: 24104,
    questions: [
      { key: 'child', kind: 'single', prompt: 'Do you have a child aged 6 to 12 living with you?', options: yesNo(true) },
      {
        key: 'snacks',
        kind: 'multiple',
        prompt: 'Which snacks does your child eat? Choose all that apply.',
        showIf: { question: 'child', options: ['yes'] },
        options: [
          { key: 'fruit', label: 'Fruit snacks' },
          { key: 'crackers', label: 'Crackers' },
          { key: 'bars', label: 'Granola bars' },
        ],
      },
    ],
  },
  {
    studyNo: 24105,
    questions: [
      {
        key: 'maker',
        kind: 'single',
        prompt: 'Which coffee maker do you use at home?',
        options: [
          { key: 'drip', label: 'Drip coffee maker' },
          { key: 'pod', label: 'Pod machine' },
          { key: 'none', label: 'None', disqualifies: true },
        ],
      },
    ],
  },
  {
    studyNo: 24106,
    questions: [
      {
        key: 'often',
        kind: 'single',
        prompt: 'How often do you clean at home?',
        options: [
          { key: 'daily', label: 'Every day' },
          { key: 'weekly', label: 'Every week' },
          { key: 'rarely', label: 'Rarely', disqualifies: true },
        ],
      },
      {
        key: 'products',
        kind: 'multiple',
        prompt: 'Which products do you use? Choose two to four.',
        minChoices: 2,
        maxChoices: 4,
        options: [
          { key: 'spray', label: 'All-purpose spray' },
          { key: 'wipes', label: 'Disinfecting wipes' },
          { key: 'bleach', label: 'Bleach' },
          { key: 'vinegar', label: 'Vinegar' },
          { key: 'steam', label: 'Steam cleaner' },
        ],
      },
    ],
  },
  {
    studyNo: 24108,
    questions: [{ key: 'pizza', kind: 'single', prompt: 'Do you eat frozen pizza?', options: yesNo(true) }],
  },
  {
    studyNo: 24109,
    questions: [{ key: 'cookies', kind: 'single', prompt: 'Do you bake cookies for the holidays?', options: yesNo(true) }],
  },
];

/** Demo studies, the outside screener's host and the hosted screeners, inside the seed's transaction. */
export async function seedDemoStudies(tx: Executor, today: Date): Promise<void> {
  await saveStudies(tx, { hosts: [DEMO_SCREENER_HOST], studies: demoStudies(today) });
  for (const screener of demoScreeners) await saveScreener(tx, screener);
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
  await saveScreener(tx, {
    studyNo: 24110,
    questions: [
      {
        key: 'food',
        kind: 'single',
        prompt: 'Which dog food do you buy most often?',
        options: [
          { key: 'dry', label: 'Dry food' },
          { key: 'wet', label: 'Wet food' },
          { key: 'none', label: 'I do not buy dog food', disqualifies: true },
        ],
      },
    ],
  });
}

/** The kid study 24104 takes children of 6 to 12 (its description says so; decision 029). */
export async function seedKidStudyAges(tx: Executor): Promise<void> {
  await createStudyRepository(tx).setChildAges(24104, { min: 6, max: 12 });
}
