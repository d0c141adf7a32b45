import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceAndLedger, createTester } from '../../../test/factories.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createFakeClock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { emailOutbox, referrals } from '../../core/db/schema.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createMailService } from '../mail/mail-service.ts';
import { createRateLimitStore } from '../rate-limits/rate-limit-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { createReferralService, type ReferralService } from './referral-service.ts';

/**
 * The referral limits across server instances (decision 036): on PostgreSQL (TEST_DATABASE_URL)
 * each "instance" is a service on its own connection pool to one database; on PGlite, which
 * serves one process, both share the handle.
 */

const clock = createFakeClock('2026-01-15T18:00:00Z');
const { db, perInstance } = useInstanceDatabases();
let instances: ReferralService[];
const handles: Database[] = [];

beforeAll(() => {
  instances = perInstance((handle) => {
    handles.push(handle);
    const onTesterChanged = () => undefined;
    return createReferralService(handle, {
      clock,
      timeZone: 'America/Chicago',
      testers: createTesterService(handle, { clock, onTesterChanged }),
      ledger: createLedgerService(handle, { clock, onTesterChanged }),
      // No SMTP: the invitations wait in the outbox, where the test counts them.
      mail: createMailService(handle, {
        clock,
        publicUrl: 'http://localhost:3000',
        smtpUrl: undefined,
        mailFrom: 'tests@testerhub.example',
        log: {} as FastifyBaseLogger,
      }),
      // Each instance its own store over its own pool, as two processes have (decision 062).
      rateLimits: createRateLimitStore(handle, clock.nowMs),
    });
  });
});

let counter = 0;
function friend() {
  counter += 1;
  const tag = `${process.pid % 1000}x${counter}`;
  return {
    firstname: 'Ivy',
    lastname: `Instance${counter}`,
    age: '30',
    emailAddress: `ivy.${tag}@instances.example.test`,
    phoneNumber: `847${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`,
  };
}

describe('two server instances on one database', () => {
  it('make exactly one more of 20 simultaneous referrals by a tester at 9 this month, with one invitation each', async () => {
    const tester = await createTester(db());
    for (let index = 0; index < 9; index += 1)
      expect(await instances[index % 2]!.refer(tester.id, friend())).toEqual({ status: 'succeed' });
    const friends = Array.from({ length: 20 }, friend);
    const answers = await Promise.all(friends.map((person, index) => instances[index % 2]!.refer(tester.id, person)));
    expect(answers.filter((answer) => answer.status === 'succeed')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 'maximum')).toHaveLength(19);
    const rows = await db().select().from(referrals).where(eq(referrals.referrerId, tester.id));
    expect(rows).toHaveLength(10);
    const invited = await Promise.all(
      friends.map(async (person) => (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.emailAddress))).length),
    );
    expect(invited.reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it('pay a Complete referral once while staff mark it Paid (4 at once) and the referrer claims it 64 times', async () => {
    const tester = await createTester(db());
    const person = friend();
    await instances[0]!.refer(tester.id, person);
    const [referral] = await db().select().from(referrals).where(eq(referrals.email, person.emailAddress));
    await db().update(referrals).set({ status: 'Complete' }).where(eq(referrals.id, referral!.id));
    const [moves, claims] = await Promise.all([
      Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          inTransaction(handles[index % 2]!, (tx) => instances[index % 2]!.staffMove(referral!.id, 'Paid', tx)),
        ),
      ),
      Promise.all(Array.from({ length: 64 }, (_, index) => instances[index % 2]!.claim(tester.id, referral!.id))),
    ]);
    expect(moves.filter((move) => move.after !== null)).toHaveLength(1);
    const paidByStaff = moves.filter((move) => move.paid).length;
    const paidByClaim = claims.filter((answer) => answer.status === 'succeed').length;
    expect(paidByStaff + paidByClaim).toBe(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 200, exp: 250, ledgerCoins: 200, ledgerExp: 250, entries: 1 });
    const [row] = await db().select().from(referrals).where(eq(referrals.id, referral!.id));
    expect(row).toMatchObject({ status: 'Paid' });
    expect(row!.redeemedAt).not.toBeNull();
  });

  it("count a tester's requests for people already referred, sent to both at once, against the month's 10", async () => {
    const tester = await createTester(db());
    const referred = friend();
    expect(await instances[0]!.refer((await createTester(db())).id, referred)).toEqual({ status: 'succeed' });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, index) => instances[index % 2]!.refer(tester.id, referred)));
    expect(answers.filter((answer) => answer.status === 'existUser')).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 'maximum')).toHaveLength(14);
    expect(await instances[1]!.refer(tester.id, friend())).toEqual({ status: 'maximum' });
  });
});
