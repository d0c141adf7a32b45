import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { InvitationDetailResponse, SendInvitationPayload } from '@testerhub/shared/invitation-schemas';
import { buildApp } from '../src/app.ts';
import { createFakeClock, MINUTE_MS } from '../src/core/clock.ts';
import { loadConfig } from '../src/core/config/env.ts';
import { emailOutbox } from '../src/core/db/schema.ts';
import { getWith, postJson } from './account-helpers.ts';
import { createTester, type TesterOverrides } from './factories.ts';
import { INVITATION_TEST_SECRET, invitationSendsOn } from './invitation-instances.ts';
import { useInstanceDatabases } from './job-instances.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from './staff-helpers.ts';

/** INVITATION_MAILS_PER_MINUTE of the invitation test files' app and instances. */
export const INVITATION_RATE = 5;

/**
 * The invitation test files' set-up (invitation-filters.test.ts, invitation-sends.test.ts): a fake
 * clock, the file's database copy with a second instance's connection, the app on the first, and the
 * calls and makers the tests share. Call once at a file's top level.
 */
export function useInvitationApp() {
  const clock = createFakeClock(new Date());
  const { db, handles } = useInstanceDatabases();
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
      STUDY_LINK_SECRET: INVITATION_TEST_SECRET,
      INVITATION_MAILS_PER_MINUTE: String(INVITATION_RATE),
    });
    app = await buildApp({ config: { ...config, webDistDir: undefined }, database: handles()[0]!, clock });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The rate sender of two server instances, each on its own connection to the one database. */
  const instances = () => handles().map((handle) => invitationSendsOn(handle.db, { clock, mailsPerMinute: INVITATION_RATE }));

  let siteCounter = 0;
  /** A site no other test's testers are at, so each test's counts are its own. */
  const freshSite = () => `T${process.pid % 1000}${++siteCounter}`;
  const bornYearsAgo = (years: number, dayOffset = 0) => {
    const date = clock.now();
    date.setUTCFullYear(date.getUTCFullYear() - years);
    date.setUTCDate(date.getUTCDate() + dayOffset);
    return date.toISOString().slice(0, 10);
  };
  const tester = (siteId: string, overrides: TesterOverrides = {}) =>
    createTester(db(), { siteId, birthDate: bornYearsAgo(30), ...overrides });

  async function recruiter() {
    const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
    return {
      staff,
      cookie: await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) }),
    };
  }

  /**
   * Sends what earlier tests left queued, minute by minute, then moves the clock a minute on so
   * the rate's window is empty: the time a test's own sending starts from.
   */
  async function settled() {
    const [instance] = instances();
    while ((await instance!.drain()).nextAt !== null) clock.advance(MINUTE_MS);
    clock.advance(MINUTE_MS);
    return clock.nowMs();
  }

  const preview = (cookie: string, body: unknown) => postJson(app, '/api/staff/invitations/Preview', body, { cookie });
  const send = (cookie: string, body: SendInvitationPayload) => postJson(app, '/api/staff/invitations/Send', body, { cookie });
  const detail = async (cookie: string, invitationId: number) => {
    const answer = await getWith(app, `/api/staff/invitations/Detail?invitationId=${invitationId}`, { cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as InvitationDetailResponse;
  };
  const outboxTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

  return {
    clock,
    db,
    app: () => app,
    instances,
    freshSite,
    bornYearsAgo,
    tester,
    recruiter,
    settled,
    preview,
    send,
    detail,
    outboxTo,
  };
}
