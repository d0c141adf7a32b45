import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAndLedger, createRewardItem, createTester } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { openPostgres, type DatabaseHandle } from '../../core/db/client.ts';
import { createLogger } from '../../core/logger.ts';
import { redemptionOrders } from '../../core/db/schema.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createMailService } from '../mail/mail-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { createRewardsService, type RewardsService } from './rewards-service.ts';

/**
 * SpendCoin across server instances: on PostgreSQL (TEST_DATABASE_URL) each "instance" is a rewards
 * service on its own connection pool to one database; on PGlite, which serves one process, both
 * share the handle.
 */

const clock = createFakeClock('2026-11-20T15:00:00Z');
const log = createLogger('silent');
let copy: TestDatabase;
let handles: DatabaseHandle[];
let instances: RewardsService[];
const db = () => copy.database.db;

beforeAll(async () => {
  copy = await createTestDatabase();
  handles = copy.url ? [copy.database, await openPostgres(copy.url)] : [copy.database];
  instances = [0, 1].map((index) => {
    const handle = handles[index % handles.length]!.db;
    const onTesterChanged = () => undefined;
    return createRewardsService(handle, {
      clock,
      ledger: createLedgerService(handle, { clock, onTesterChanged }),
      testers: createTesterService(handle, { clock, onTesterChanged }),
      mail: createMailService(handle, {
        clock,
        publicUrl: 'http://localhost:3000',
        smtpUrl: undefined,
        mailFrom: 'test@localhost',
        log: log.logger,
      }),
      attendedCompensation: async () => [],
      studyNames: async () => new Map(),
    });
  });
});
afterAll(async () => {
  if (handles[1]) await handles[1].close();
  await copy.dispose();
  log.close();
});

describe('two server instances on one database', () => {
  it('spend exactly 3 of 64 simultaneous redemptions with coins for 3', async () => {
    const reward = await createRewardItem(db(), { coins: 250 });
    const tester = await createTester(db(), { coins: 750 });
    const results = await Promise.all(Array.from({ length: 64 }, (_, index) => instances[index % 2]!.spendCoin(tester.id, reward.id)));
    expect(results.filter((result) => result.status === 'succeed')).toHaveLength(3);
    expect(results.filter((result) => result.status === 'failed')).toHaveLength(61);
    expect(await db().select().from(redemptionOrders).where(eq(redemptionOrders.testerId, tester.id))).toHaveLength(3);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 0, ledgerCoins: 0 });
  });
});
