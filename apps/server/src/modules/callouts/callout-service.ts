import type { Callout } from '@testerhub/shared/callout-schemas';
import type { Clock } from '../../core/clock.ts';
import type { Database } from '../../core/db/client.ts';
import { isBarredFromStudies } from '../testers/tester-service.ts';
import { createCalloutRepository } from './callout-repository.ts';

/** Call-outs shown in the portal (spec 3, "Callout"; decision 035). */
export function createCalloutService(db: Database, deps: { clock: Clock }) {
  const repository = createCalloutRepository(db);
  return {
    /**
     * GetCalloutList: the active call-outs whose window holds the clock's now. None for a tester who
     * may screen for no study (suspended by the no-show rule, or black-listed, as the screener list
     * treats them): their offers of coins for screeners would lead nowhere (issue 29).
     */
    async currentCallouts(tester: { blackList: boolean; suspendedUntil: Date | null }): Promise<Callout[]> {
      const now = deps.clock.now();
      if (isBarredFromStudies(tester, now)) return [];
      const rows = await repository.current(now);
      return rows.map((row) => ({
        rKey: row.rKey,
        title: row.title,
        description: row.description,
        pkCoins: row.pkCoins,
        screener: row.screener,
        active: row.active,
        startTimeStamp: row.startTimeStamp.toISOString(),
        endTimeStamp: row.endTimeStamp.toISOString(),
      }));
    },
  };
}

export type CalloutService = ReturnType<typeof createCalloutService>;
