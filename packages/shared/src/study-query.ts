import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';

/**
 * The study number the staff's study calls take (?studyNo=): the sessions, results, study and
 * funnel pages and the study picker. A module of its own, so the picker on the console's home
 * does not pull the session-admin schemas into the staff first load.
 */
export const STUDY_NOT_FOUND = 'There is no study with that number.';

export const studyNoParam = z.coerce
  .number({ error: STUDY_NOT_FOUND })
  .int(STUDY_NOT_FOUND)
  .min(1, STUDY_NOT_FOUND)
  .max(INTEGER_COLUMN_MAX, STUDY_NOT_FOUND);

/** GET ...?studyNo= of the staff's study calls. */
export const studyQuerySchema = z.object({ studyNo: studyNoParam });
export type StudyQuery = z.infer<typeof studyQuerySchema>;
