import { z } from 'zod';

/**
 * A screener quota's fill (decision 121): qualified testers holding one of its places, of its size.
 * The study page, its results page and the results CSV show it. A file of its own, so the session
 * schemas the staff console's first load carries do not pull in the study form's schemas.
 */
export const quotaFillSchema = z.object({ name: z.string(), qualified: z.number().int(), target: z.number().int() });
export type QuotaFill = z.infer<typeof quotaFillSchema>;
/** "3 of 5": a quota's fill as every page and the CSV word it. */
export const quotaFillText = (fill: Pick<QuotaFill, 'qualified' | 'target'>) => `${fill.qualified} of ${fill.target}`;
