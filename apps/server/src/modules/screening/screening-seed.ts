import type { Executor } from '../../core/db/client.ts';
import { createScreeningRepository, type ScreenerDefinition } from './screening-repository.ts';
import { screenings } from './screening-tables.ts';

const HOUR_MS = 3_600_000;

/**
 * The demo tester's passed screener of the cereal study (24101), whose first group they are booked
 * in (scheduling-seed.ts): the staff console's results page and CSV (decision 051) then show a
 * screening with its answers and a booking on a new site. The answers are found by the seeded
 * questions' prompts and options' labels.
 */
export async function seedDemoScreenings(tx: Executor, today: Date, demoTesterId: string): Promise<void> {
  const { questions } = await createScreeningRepository(tx).loadScreener(24101);
  const question = (prompt: string) => questions.find((each) => each.prompt === prompt);
  const option = (prompt: string, label: string) => question(prompt)?.options.find((each) => each.label === label)?.id;
  const often = 'How often do you eat breakfast cereal?';
  const kinds = 'Which kinds of cereal do you buy? Choose up to three.';
  const household = 'How many people live in your household?';
  const industry = 'Do you or anyone in your household work in marketing, advertising or for a food company?';
  const answers: Record<string, number | number[]> = {};
  const daily = option(often, 'Every day');
  const chosen = [option(kinds, 'Flakes'), option(kinds, 'Muesli')].filter((id): id is number => id !== undefined);
  const no = option(industry, 'No');
  if (daily === undefined || chosen.length !== 2 || no === undefined || !question(household)) return;
  answers[String(question(often)!.id)] = daily;
  answers[String(question(kinds)!.id)] = chosen;
  answers[String(question(household)!.id)] = 2;
  answers[String(question(industry)!.id)] = no;
  const startedAt = new Date(today.getTime() - 26 * HOUR_MS);
  await tx
    .insert(screenings)
    .values({
      testerId: demoTesterId,
      studyNo: 24101,
      status: 'qualified',
      answers,
      startedAt,
      completedAt: new Date(startedAt.getTime() + 4 * 60_000),
    })
    .onConflictDoNothing();
}

/*
 * The demo studies' hosted screeners (the studies: studies-seed.ts), written in the studies' seed run.
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

/** The demo studies' hosted screeners, in the studies' seed run after the studies. */
export async function seedDemoScreeners(tx: Executor): Promise<void> {
  const repository = createScreeningRepository(tx);
  for (const screener of demoScreeners) await repository.insertScreener(screener);
}

/** The screener of the study that targets an About-me answer (24110, studies-seed.ts), in that study's seed run. */
export async function seedDogFoodScreener(tx: Executor): Promise<void> {
  await createScreeningRepository(tx).insertScreener({
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
