import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { DEMO, postJson, testerByUsername } from '../../../test/account-helpers.ts';
import { emailClicks } from '../../core/db/schema.ts';

/** EmailClickTrack (finding 9): limited per address, and one row per (tester, eCode) link however often it is called. */

let testerId: string;

const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '5' } });
beforeAll(async () => {
  testerId = (await testerByUsername(testApp.database, DEMO.username))!.id;
});

const click = (eCode: string, remoteAddress: string) =>
  postJson(testApp.app, '/api/account/EmailClickTrack', { tester: testerId, eCode }, { remoteAddress });

const clicksOf = (eCode: string) =>
  testApp.database.db
    .select()
    .from(emailClicks)
    .where(and(eq(emailClicks.testerId, testerId), eq(emailClicks.eCode, eCode)));

describe('POST /api/account/EmailClickTrack', () => {
  it('records a link once, however often and however concurrently it is called', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, index) => click('newsletter-7', `10.70.${index}.1`)));
    for (const response of responses) expect(response.json()).toEqual({ status: 'succeed', message: '' });
    expect(await clicksOf('newsletter-7')).toHaveLength(1);
    expect((await click('newsletter-7', '10.70.99.1')).json().status).toBe('succeed');
    expect(await clicksOf('newsletter-7')).toHaveLength(1);
    // Another link of the same tester is another row.
    await click('newsletter-8', '10.70.98.1');
    expect(await clicksOf('newsletter-8')).toHaveLength(1);
  });

  it('limits the calls from one address with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 80; index += 1) statuses.push((await click(`flood-${index}`, '10.71.0.1')).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
    // Another address is not affected.
    expect((await click('other-address', '10.71.0.2')).statusCode).toBe(200);
  });
});
