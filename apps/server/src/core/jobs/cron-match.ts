import cronParser from 'cron-parser';

const MINUTE_MS = 60_000;

/**
 * Whether a five-field cron expression (minute hour day-of-month month day-of-week, as the job
 * queue's schedules use) fires in the minute of `at` in `timeZone`. The fake-clock listener's
 * test-support route runs a scheduled job only in a minute its schedule fires (decision 042), so a
 * browser test shows the job runs at the time the schedule names, not at any time a test picks.
 * It reads the expression with cron-parser, the parser pg-boss schedules the real jobs with, so
 * the fake clock and the queue agree on every field, on the time zone and on cron's day rule.
 */
export function cronFiresAt(expression: string, at: Date, timeZone: string): boolean {
  // cron-parser also reads six fields (seconds first) and quietly shifts four: the queue's schedules have five.
  if (expression.trim().split(/\s+/).length !== 5) throw new Error(`A cron expression has five fields: ${expression}`);
  const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  let schedule;
  try {
    schedule = cronParser.parseExpression(expression, { currentDate: new Date(minute - 1), tz: timeZone });
  } catch (error) {
    throw new Error(`Cron expression malformed or out of range: ${expression}`, { cause: error });
  }
  return schedule.next().getTime() === minute;
}
