import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { postJson, testerByUsername, validRegistration } from '../../../test/account-helpers.ts';
import { coinLedger, emailOutbox, reEngagementCodes } from '../../core/db/schema.ts';

/**
 * Registration is one unit of work (issue 4, section 1): the account, its confirmation code,
 * the welcome coins and the confirmation e-mail's outbox row commit together or not at all,
 * and a known tester's re-engagement record is claimed only if the account is created. The
 * failure is a real one: the database refuses the outbox row (a trigger made for the test).
 */

const testApp = useTestApp();
beforeAll(async () => {
  await testApp.database.db.execute(sql`
    create function refuse_outbox() returns trigger language plpgsql as $$
    begin
      if new.to_address like '%@refused.example.test' then raise exception 'outbox refused for the test'; end if;
      return new;
    end $$`);
  await testApp.database.db.execute(
    sql`create trigger refuse_outbox before insert on email_outbox for each row execute function refuse_outbox()`,
  );
});

const post = (url: string, body: unknown) => postJson(testApp.app, url, body);

describe('a registration whose confirmation e-mail cannot be queued', () => {
  it('answers 500 and leaves no account, no coins and no e-mail behind', async () => {
    const payload = validRegistration({ Username: 'uowrefused1', EmailAddress: 'uowrefused1@refused.example.test' });
    const response = await post('/api/account/register', payload);
    expect(response.statusCode).toBe(500);
    expect(await testerByUsername(testApp.database, 'uowrefused1')).toBeNull();
    const mails = await testApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'uowrefused1@refused.example.test'));
    expect(mails).toHaveLength(0);
    const orphanCoins = await testApp.database.db.execute(sql`select 1 from coin_ledger where tester_id not in (select id from testers)`);
    expect((orphanCoins as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('can register the same username and e-mail domain again once mail works (nothing half-made blocks it)', async () => {
    const response = await post('/api/account/register', validRegistration({ Username: 'uowrefused1' }));
    expect(response.json()).toMatchObject({ status: 'succeed' });
    const tester = await testerByUsername(testApp.database, 'uowrefused1');
    const coins = await testApp.database.db.select().from(coinLedger).where(eq(coinLedger.testerId, tester!.id));
    expect(coins).toMatchObject([{ reason: 'welcome-gift', coins: tester!.coins }]);
  });
});

describe('a known tester whose registration fails', () => {
  const payload = { V: 'demo-returning-tester', E: '', Password: 'Rosa#Pass1' };

  it('keeps the re-engagement record unused when the account cannot be created', async () => {
    const response = await post('/api/account/registerExistedUser', {
      ...payload,
      EmailAddress: 'rosa@refused.example.test',
      Username: 'rosauow01',
    });
    expect(response.statusCode).toBe(500);
    const [record] = await testApp.database.db.select().from(reEngagementCodes).where(eq(reEngagementCodes.v, 'demo-returning-tester'));
    expect(record!.usedAt).toBeNull();
    expect(await testerByUsername(testApp.database, 'rosauow01')).toBeNull();
  });

  it('keeps it unused when the username is taken, and lets the next try through', async () => {
    const taken = await post('/api/account/registerExistedUser', {
      ...payload,
      EmailAddress: 'rosa.uow@mail.example.test',
      Username: 'demotester1',
    });
    expect(taken.json()).toMatchObject({ status: 'usernameTaken' });
    const [record] = await testApp.database.db.select().from(reEngagementCodes).where(eq(reEngagementCodes.v, 'demo-returning-tester'));
    expect(record!.usedAt).toBeNull();

    const next = await post('/api/account/registerExistedUser', {
      ...payload,
      EmailAddress: 'rosa.uow@mail.example.test',
      Username: 'rosauow02',
    });
    expect(next.json()).toMatchObject({ status: 'succeed' });
    const [used] = await testApp.database.db.select().from(reEngagementCodes).where(eq(reEngagementCodes.v, 'demo-returning-tester'));
    expect(used!.usedAt).not.toBeNull();
  });
});
