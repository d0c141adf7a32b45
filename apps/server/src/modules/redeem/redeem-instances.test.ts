import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAndLedger, createRewardItem, createTester } from '../../../test/factories.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createFakeClock } from '../../core/clock.ts';
import { createLogger } from '../../core/logger.ts';
import { redemptionOrders } from '../../core/db/schema.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createMailService } from '../mail/mail-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { createRedeemService, type RedeemService } from './redeem-service.ts';

/**
 * SpendCoin across server instances: on PostgreSQL (TEST_DATABASE_URL) each "instance" is a rewards
 * service on its own connection pool to one database; on PGlite, which serves one process, both
 * share the handle.
 */

const clock = createFakeClock('2026-11-20T15:00:00Z');
const log = createLogger('silent');
const { db, perInstance } = useInstanceDatabases();
let instances: RedeemService[];

beforeAll(() => {
  instances = perInstance((handle) => {
    const onTesterChanged = () => undefined;
    return createRedeemService(handle, {
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
afterAll(() => log.close());

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
