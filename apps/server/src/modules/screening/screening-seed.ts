import type { Executor } from '../../core/db/client.ts';
import { createScreeningRepository } from './screening-repository.ts';
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
