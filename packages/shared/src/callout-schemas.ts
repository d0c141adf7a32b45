import { z } from 'zod';

/** A call-out as GetCalloutList answers it (spec 3, "Callout"): times as ISO 8601 in UTC. */
export const calloutSchema = z.object({
  rKey: z.string(),
  title: z.string(),
  description: z.string(),
  pkCoins: z.number().int(),
  /** A portal path the call-out points to, or empty. */
  screener: z.string(),
  active: z.boolean(),
  startTimeStamp: z.string(),
  endTimeStamp: z.string(),
});
export type Callout = z.infer<typeof calloutSchema>;

export const calloutListResponseSchema = z.object({ status: z.literal('succeed'), calloutGTypes: z.array(calloutSchema) });
export type CalloutListResponse = z.infer<typeof calloutListResponseSchema>;

export { calloutDismissedCookie, calloutReadCookie, isPortalPath } from './callout-rules.ts';
