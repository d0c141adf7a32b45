import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * The loyalty settings each instance keeps in memory (decision 056: the daily calendar, the wheel
 * and the drawing, the levels) are dropped on a notice on this channel: a save sends it inside its
 * transaction, so it is delivered at the commit, and every instance on the database listens.
 */
export const LOYALTY_SETTINGS_CHANNEL = 'loyalty_settings_changed';

/** How long a kept copy may serve when no notice comes (a lost listening connection): the bound, as for decision 057. */
export const LOYALTY_SETTINGS_CACHE_MS = 60_000;

/** Tells every instance on this database, at the caller's commit, that the loyalty settings of `kind` changed. */
export async function announceLoyaltySettingsChange(db: Executor, kind: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LOYALTY_SETTINGS_CHANNEL}, ${kind})`);
}
