import { addDays, nextWeekdayFrom, weekStartOn } from '../../core/local-day.ts';

/**
 * The weekly drawing's weeks (decision 065). A week starts on the drawing's weekday and ends when
 * the next one comes, in the company's zone; its key is its first day (`gold_card_entries.week_start`,
 * `gold_card_drawings.week_start`). With Monday, the company week of decision 037.
 *
 * When content staff change the day, the week running at the change keeps its key (`weekKept`)
 * until `dayFrom`, the first new drawing day on or after the change: entries already made stay in
 * their week, and that week is drawn once, on `dayFrom` (so it may run shorter or longer than seven days).
 */
export type DrawingRule = { drawingDay: number; drawingWeekKept: string | null; drawingDayFrom: string | null };

/** The key of the drawing week `day` ('YYYY-MM-DD', the company's day) belongs to. */
export function drawingWeekOf(day: string, rule: DrawingRule): string {
  if (rule.drawingWeekKept !== null && rule.drawingDayFrom !== null && day < rule.drawingDayFrom) return rule.drawingWeekKept;
  return weekStartOn(day, rule.drawingDay);
}

/** The rule after content staff choose `day` on `today`: unchanged when the day is the same. */
export function ruleWithDay(today: string, rule: DrawingRule, day: number): DrawingRule {
  if (day === rule.drawingDay) return rule;
  return { drawingDay: day, drawingWeekKept: drawingWeekOf(today, rule), drawingDayFrom: nextWeekdayFrom(today, day) };
}

/** The week that ended last, when the one running on `today` began: the one whose drawing day has come; null if none has. */
export function lastEndedWeek(today: string, rule: DrawingRule): { current: string; ended: string | null } {
  const current = drawingWeekOf(today, rule);
  const ended = drawingWeekOf(addDays(current, -1), rule);
  return { current, ended: ended < current ? ended : null };
}
