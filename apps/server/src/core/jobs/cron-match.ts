/**
 * Whether a five-field cron expression (minute hour day-of-month month day-of-week, as the job
 * queue's schedules use) fires in the minute of `at` in `timeZone`. The fake-clock listener's
 * test-support route runs a scheduled job only in a minute its schedule fires (decision 042), so a
 * browser test shows the job runs at the time the schedule names, not at any time a test picks.
 * Fields: `*`, numbers, ranges `a-b`, lists `a,b`, steps `*\/n` and `a-b/n`; day-of-week 0 or 7 is
 * Sunday. When both day fields are restricted, either matching is enough (cron's rule).
 */
const FIELDS = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
] as const;

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function fieldValues(field: string, { min, max }: { min: number; max: number }): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Unsupported cron field: ${field}`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? max : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`Cron field out of range: ${field}`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

function localParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    minute: 'numeric',
    hour: 'numeric',
    day: 'numeric',
    month: 'numeric',
    weekday: 'short',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)!.value;
  return {
    minute: Number(part('minute')),
    hour: Number(part('hour')),
    day: Number(part('day')),
    month: Number(part('month')),
    weekday: WEEKDAYS[part('weekday')]!,
  };
}

export function cronFiresAt(expression: string, at: Date, timeZone: string): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`A cron expression has five fields: ${expression}`);
  const [minutes, hours, days, months, weekdays] = fields.map((field, index) => fieldValues(field, FIELDS[index]!)) as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (weekdays.has(7)) weekdays.add(0);
  const local = localParts(at, timeZone);
  const dayMatches =
    fields[2] !== '*' && fields[4] !== '*'
      ? days.has(local.day) || weekdays.has(local.weekday)
      : days.has(local.day) && weekdays.has(local.weekday);
  return minutes.has(local.minute) && hours.has(local.hour) && months.has(local.month) && dayMatches;
}
