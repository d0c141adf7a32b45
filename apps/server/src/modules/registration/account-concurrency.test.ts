import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { postJson, validRegistration } from '../../../test/account-helpers.ts';
import { coinLedger, testers } from '../../core/db/schema.ts';

/** Registrations racing for one username or one e-mail end with exactly one account (issue 3, section 1). */

const RACERS = 20;

// Enough room in the per-address limit of the registration checks for 2 x 20 registrations.
const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '100' } });

const register = (payload: Record<string, unknown>) => postJson(testApp.app, '/api/account/register', payload);

describe('simultaneous registrations', () => {
  it(`${RACERS} registrations of one username (different e-mails): one succeeds, the others are told the username is taken`, async () => {
    const username = 'racingname1';
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        register(validRegistration({ Username: username, EmailAddress: `racer.name${index}@mail.example.test` })),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'usernameTaken')).toHaveLength(RACERS - 1);
    for (const response of responses.filter((candidate) => candidate.json().status === 'usernameTaken')) {
      expect(response.json().message).toBe('Username is already taken. Please choose another name.');
    }

    const rows = await testApp.database.db
      .select()
      .from(testers)
      .where(eq(sql`lower(${testers.username})`, username));
    expect(rows).toHaveLength(1);
    // The one account has exactly one welcome gift; the losers left nothing behind.
    const ledger = await testApp.database.db.select().from(coinLedger).where(eq(coinLedger.testerId, rows[0]!.id));
    expect(ledger).toHaveLength(1);
    const strays = await testApp.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(testers)
      .where(sql`${testers.email} like 'racer.name%'`);
    expect(strays[0]!.n).toBe(1);
  });

  it(`${RACERS} registrations of one e-mail (different usernames, e-mail in different case): one succeeds, the others are told the e-mail is in use`, async () => {
    const email = 'racing.mail@mail.example.test';
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        register(validRegistration({ Username: `racingmail${index}`, EmailAddress: index % 2 ? email.toUpperCase() : email })),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'emailTaken')).toHaveLength(RACERS - 1);

    const rows = await testApp.database.db
      .select()
      .from(testers)
      .where(eq(sql`lower(${testers.email})`, email));
    expect(rows).toHaveLength(1);
  });
});
