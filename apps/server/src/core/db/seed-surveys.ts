import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import {
  dossierAnswers,
  dossierPages,
  dossierQuestionSets,
  dossierQuestions,
  quickSurveyAnswerCounts,
  quickSurveyCompletions,
  quickSurveyQuestions,
  quickSurveyResponses,
  quickSurveyScales,
  quickSurveys,
  seedRuns,
  testers,
} from './schema.ts';

const SEED_NAME = 'demo-about-me-and-surveys-v1';

/** The answer a demo study targets ("owns a dog"): the first About-me answer the seed writes, id 1 on a new database. */
export const DOG_OWNER_ANSWER_TEXT = 'I own a dog';

type DemoSet = { type: 'C' | 'B' | 'M'; text: string; minChecked?: number; maxChecked?: number; answers: string[] };
type DemoPage = { title: string; coins: number; experience: number; questions: { text: string; sets: DemoSet[] }[] };

/**
 * About-me pages. The first pays 120 experience: a new tester (0, level 1) reaches level 2 (100)
 * with it, so the level-up view shows on a first reward.
 */
const demoPages: DemoPage[] = [
  {
    title: 'Your home and pets',
    coins: 50,
    experience: 120,
    questions: [
      {
        text: 'Pets',
        sets: [
          {
            type: 'C',
            text: 'Which pets live in your home? (choose 1 to 3)',
            minChecked: 1,
            maxChecked: 3,
            answers: [DOG_OWNER_ANSWER_TEXT, 'I own a cat', 'I own fish or birds', 'I own another pet', 'No pets live in my home'],
          },
        ],
      },
      {
        text: 'Your home',
        sets: [
          { type: 'B', text: 'Do you own or rent your home?', answers: ['Own', 'Rent'] },
          { type: 'M', text: 'How many people live in your home?', answers: ['Just me', '2', '3 or 4', '5 or more'] },
        ],
      },
    ],
  },
  {
    title: 'Shopping habits',
    coins: 40,
    experience: 60,
    questions: [
      {
        text: 'Groceries',
        sets: [
          {
            type: 'C',
            text: 'Where do you buy groceries? (choose 1 or 2)',
            minChecked: 1,
            maxChecked: 2,
            answers: ['Supermarket', 'Warehouse club', 'Online with delivery', 'Local market'],
          },
          { type: 'B', text: 'Do you use coupons?', answers: ['Yes', 'No'] },
        ],
      },
      {
        text: 'Online shopping',
        sets: [{ type: 'M', text: 'How often do you shop online?', answers: ['Every week', 'Every month', 'A few times a year', 'Never'] }],
      },
    ],
  },
  {
    title: 'Food and drink',
    coins: 30,
    experience: 50,
    questions: [
      {
        text: 'Drinks',
        sets: [
          {
            type: 'C',
            text: 'Which do you drink at least once a week? (choose 2 to 4)',
            minChecked: 2,
            maxChecked: 4,
            answers: ['Coffee', 'Tea', 'Soft drinks', 'Juice', 'Sparkling water', 'Energy drinks'],
          },
        ],
      },
      {
        text: 'Eating',
        sets: [
          { type: 'B', text: 'Do you follow a special diet?', answers: ['Yes', 'No'] },
          {
            type: 'M',
            text: 'How often do you eat out?',
            answers: ['Several times a week', 'About once a week', 'A few times a month', 'Rarely'],
          },
        ],
      },
    ],
  },
];

type DemoQuestion = { text: string; style: 'checkbox' | 'radio' | 'textbox'; scales?: [text: string, valueKey: string][] };
type DemoSurvey = { jobId: number; shortName: string; coins: number; experience: number; respondents: number; questions: DemoQuestion[] };

const demoSurveys: DemoSurvey[] = [
  {
    jobId: 5001,
    shortName: 'Morning drinks',
    coins: 20,
    experience: 30,
    respondents: 140,
    questions: [
      {
        text: 'What do you drink in the morning?',
        style: 'checkbox',
        scales: [
          ['Coffee', 'COFFEE'],
          ['Tea', 'TEA'],
          ['Juice', 'JUICE'],
          ['Water', 'WATER'],
        ],
      },
      {
        text: 'How many cups of coffee do you have a day?',
        style: 'radio',
        scales: [
          ['None', '0'],
          ['One', '1'],
          ['Two', '2'],
          ['Three or more', '3'],
        ],
      },
      { text: 'What would make your mornings better?', style: 'textbox' },
    ],
  },
  {
    jobId: 5002,
    shortName: 'Snack time',
    coins: 15,
    experience: 25,
    respondents: 90,
    questions: [
      {
        text: 'Sweet or salty?',
        style: 'radio',
        scales: [
          ['Sweet', 'SWEET'],
          ['Salty', 'SALTY'],
          ['Both', 'BOTH'],
        ],
      },
      {
        text: 'When do you snack?',
        style: 'checkbox',
        scales: [
          ['Morning', 'MORNING'],
          ['Afternoon', 'AFTERNOON'],
          ['Evening', 'EVENING'],
          ['Late at night', 'NIGHT'],
        ],
      },
      { text: 'Which snack would you like us to test next?', style: 'textbox' },
    ],
  },
  {
    jobId: 5003,
    shortName: 'Streaming at home',
    coins: 25,
    experience: 40,
    respondents: 60,
    questions: [
      {
        text: 'Which kinds of shows do you stream?',
        style: 'checkbox',
        scales: [
          ['Movies', 'MOVIES'],
          ['Series', 'SERIES'],
          ['Sports', 'SPORTS'],
          ['Documentaries', 'DOCS'],
          ['Kids shows', 'KIDS'],
        ],
      },
      {
        text: 'How many hours a day do you stream?',
        style: 'radio',
        scales: [
          ['Less than 1', 'LT1'],
          ['1 to 2', '1TO2'],
          ['3 to 4', '3TO4'],
          ['More than 4', 'GT4'],
        ],
      },
      { text: 'What do you miss in your streaming service?', style: 'textbox' },
    ],
  },
];

const COMMENTS = [
  'More time',
  'A better blender',
  'Quieter neighbours',
  'Fresh bread',
  'Sunshine',
  'Less traffic',
  'New flavours',
  'Fewer ads',
];

/** A repeatable pseudo-random number in [0, 1) for the demo answers, so every seeded site shows the same charts. */
function demoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One respondent's answer to a question, within the page's rules (NONE alone; Other as a comment; textbox a comment). */
function demoAnswer(question: DemoQuestion, random: () => number): { valueKeys: string[]; codedResponse: string } {
  const comment = () => COMMENTS[Math.floor(random() * COMMENTS.length)]!;
  const keys = (question.scales ?? []).map(([, key]) => key);
  if (question.style === 'textbox') return { valueKeys: [], codedResponse: comment() };
  // Earlier choices are the popular ones, so the bars differ.
  if (question.style === 'radio') return { valueKeys: [keys[Math.floor(random() ** 1.6 * keys.length)]!], codedResponse: '' };
  const roll = random();
  if (roll < 0.06) return { valueKeys: ['NONE'], codedResponse: '' };
  const chosen = keys.filter((_key, index) => random() < 0.75 - index * 0.13);
  const withOther = roll > 0.88;
  if (!chosen.length && !withOther) chosen.push(keys[0]!);
  return { valueKeys: chosen, codedResponse: withOther ? comment() : '' };
}

/**
 * Demo About-me pages and quick surveys, and enough answers from demo respondents that the
 * survey charts mean something (their counters computed from the responses, so they agree).
 * Runs once (seed_runs), after the demo accounts; every tester then present has seen its level.
 */
export async function seedAboutMeAndSurveys(db: Database, today: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await seedPages(tx);
    await seedSurveys(tx, today);
    await tx.execute(sql`insert into level_acknowledgements (tester_id, level, acknowledged_at)
      select id, level, ${today.toISOString()}::timestamptz from testers on conflict do nothing`);
    return true;
  });
}

async function seedPages(tx: Executor) {
  for (const [pagePosition, page] of demoPages.entries()) {
    const [created] = await tx
      .insert(dossierPages)
      .values({ title: page.title, coins: page.coins, experience: page.experience, position: pagePosition })
      .returning({ id: dossierPages.id });
    for (const [questionPosition, question] of page.questions.entries()) {
      const [createdQuestion] = await tx
        .insert(dossierQuestions)
        .values({ pageId: created!.id, position: questionPosition, text: question.text })
        .returning({ id: dossierQuestions.id });
      for (const [setPosition, set] of question.sets.entries()) {
        const [createdSet] = await tx
          .insert(dossierQuestionSets)
          .values({
            questionId: createdQuestion!.id,
            type: set.type,
            minChecked: set.type === 'C' ? (set.minChecked ?? 1) : 1,
            maxChecked: set.type === 'C' ? (set.maxChecked ?? set.answers.length) : 1,
            text: set.text,
            position: setPosition,
          })
          .returning({ id: dossierQuestionSets.id });
        await tx.insert(dossierAnswers).values(set.answers.map((text, position) => ({ setId: createdSet!.id, position, text })));
      }
    }
  }
}

async function seedSurveys(tx: Executor, today: Date) {
  const most = Math.max(...demoSurveys.map((survey) => survey.respondents));
  const respondents = await tx
    .insert(testers)
    .values(
      Array.from({ length: most }, (_, index) => {
        const number = String(index + 1).padStart(3, '0');
        return {
          username: `demoRespondent${number}`,
          email: `respondent${number}@demo.testerhub.example`,
          // Not a hash: no password verifies against it, so nobody logs in as a respondent.
          passwordHash: 'demo-respondent-no-login',
          firstName: 'Demo',
          lastName: `Respondent ${number}`,
          zipCode: '60614',
          // A house and a phone of each one's own, clear of the demo testers' 555-01xx numbers: shared ones are likely duplicates (decision 129).
          address: `${index + 1} Demo Way`,
          city: 'Chicago',
          state: 'IL',
          sex: index % 2 ? 'M' : 'F',
          phone: `312556${String(index).padStart(4, '0')}`,
          raceId: 'O',
          adId: '1R',
          birthDate: `${1960 + (index % 40)}-0${1 + (index % 9)}-15`,
          siteId: '00001',
          emailConfirmedAt: today,
        };
      }),
    )
    .returning({ id: testers.id });

  for (const [position, survey] of demoSurveys.entries()) {
    const { jobId } = survey;
    await tx
      .insert(quickSurveys)
      .values({ jobId, shortName: survey.shortName, coins: survey.coins, experience: survey.experience, position });
    await tx
      .insert(quickSurveyQuestions)
      .values(survey.questions.map((question, questionIndex) => ({ jobId, questionIndex, text: question.text, style: question.style })));
    const scales = survey.questions.flatMap((question, questionIndex) =>
      (question.scales ?? []).map(([text, valueKey], scaleIndex) => ({ jobId, questionIndex, scaleIndex: scaleIndex + 1, text, valueKey })),
    );
    await tx.insert(quickSurveyScales).values(scales);

    const random = demoRandom(jobId);
    const who = respondents.slice(0, survey.respondents);
    await tx.insert(quickSurveyCompletions).values(who.map(({ id }) => ({ jobId, testerId: id, completedAt: today })));
    await tx
      .insert(quickSurveyResponses)
      .values(
        who.flatMap(({ id }) =>
          survey.questions.map((question, questionIndex) => ({ jobId, testerId: id, questionIndex, ...demoAnswer(question, random) })),
        ),
      );
    // The counters from the responses themselves, as UpdateResponse moves them: each key, and OTHER for a checkbox comment.
    await tx.execute(sql`
      insert into ${quickSurveyAnswerCounts} (job_id, question_index, answer_key, count)
      select r.job_id, r.question_index, k.answer_key, count(*)::int
      from ${quickSurveyResponses} r
      join ${quickSurveyQuestions} q on q.job_id = r.job_id and q.question_index = r.question_index and q.style <> 'textbox'
      cross join lateral (
        select unnest(r.value_keys) as answer_key
        union all select 'OTHER' where q.style = 'checkbox' and r.coded_response <> ''
      ) k
      where r.job_id = ${jobId}
      group by r.job_id, r.question_index, k.answer_key`);
  }
}
