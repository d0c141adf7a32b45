import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionCookie } from '../../core/auth/session-cookie.ts';
import type { FakeClock } from '../../core/clock.ts';
import { cronFiresAt } from '../../core/jobs/cron-match.ts';
import { hashToken, safeEqual } from '../../core/security/tokens.ts';
import type { TestSupportService } from './test-support-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { STAFF_ROLES } from '@testerhub/shared/staff-schemas';
import { INTEGER_COLUMN_MAX } from '@testerhub/shared/integer-column';

export interface TestSupportRouteOptions {
  /** TEST_SUPPORT_SECRET: every call must carry it in the x-test-support-secret header. */
  secret: string;
  service: TestSupportService;
  sessionCookie: SessionCookie;
  /** The session cookie's Max-Age, as login sets it. */
  sessionMaxAgeSeconds: number;
  /**
   * Only on the fake-clock listener of a browser test run (decision 042): the clock every service
   * of this app reads, and the scheduled jobs to run at its time, each with its schedule.
   */
  clock?: { clock: FakeClock; jobs: Record<string, ScheduledJob> };
  /** Staff accounts for the staff console's browser tests (decision 043). */
  staff: Pick<StaffService, 'createAccount'>;
}

/** A scheduled job as the queue runs it: its cron schedule in its time zone, and its work. */
export interface ScheduledJob {
  cron: string;
  timeZone: string;
  run: () => Promise<unknown>;
}

/** A staff account not yet set up, with its set-up link (the staff:create-admin command's service). */
const staffBody = z.object({
  name: z.string().min(1).max(100),
  email: z.email().max(200),
  roles: z.array(z.enum(STAFF_ROLES)).min(1),
  siteIds: z.array(z.string().min(1).max(10)).max(20).optional(),
});
const staffAnswer = z.object({ staffId: z.string(), link: z.string() });

export const TEST_SUPPORT_SECRET_HEADER = 'x-test-support-secret';

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: `Wrong or missing ${TEST_SUPPORT_SECRET_HEADER} header.` };

/** Sets the fake clock to `at`, or moves it on by `advanceMs`; an empty body only reads it. */
const clockBody = z
  .object({
    at: z.iso.datetime({ offset: true }).optional(),
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(366 * 24 * 3600_000)
      .optional(),
  })
  .refine((body) => body.at === undefined || body.advanceMs === undefined, { message: 'Either at or advanceMs.' });

const testerBody = z.object({
  username: z
    .string()
    .regex(/^[A-Za-z0-9]{8,20}$/)
    .optional(),
  /** Any address, even one the site refuses ('nobody@localhost'): the 102 and changeEmailAddress answers need one. */
  email: z.string().min(3).max(100).optional(),
  password: z.string().min(8).max(64).optional(),
  firstName: z.string().min(1).max(50).optional(),
  lastName: z.string().min(1).max(50).optional(),
  zipCode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  /** A street address of the test's choosing (decision 129's shared-address signal); a house number of its own unless given. */
  address: z.string().min(1).max(100).optional(),
  /** YYYY-MM-DD: a tester of a chosen age (the screener list's age rules). */
  birthDate: z.iso.date().optional(),
  language: z.enum(['en', 'es']).optional(),
  coins: z.number().int().min(0).max(1_000_000).optional(),
  phone: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
});

const testerAnswer = z.object({
  testerId: z.string(),
  username: z.string(),
  email: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  coins: z.number(),
});

/** An unconfirmed child (its public id) whose registration is to have run out. */
const childExpiryBody = z.object({ childId: z.uuid(), minutesAgo: z.number().int().min(1).max(100_000).optional() });
/** An unconfirmed child (its public id) that Tester Services' call confirms (decision 079). */
const childConfirmationBody = z.object({ childId: z.uuid() });

const sessionBody = z
  .object({ testerId: z.uuid().optional(), username: z.string().min(1).max(40).optional() })
  .refine((body) => (body.testerId === undefined) !== (body.username === undefined), { message: 'Give testerId or username.' });

const sessionAnswer = z.object({
  testerId: z.string(),
  username: z.string(),
  cookie: z.object({
    name: z.string(),
    value: z.string(),
    path: z.literal('/'),
    httpOnly: z.literal(true),
    secure: z.boolean(),
    sameSite: z.literal('Lax'),
    maxAgeSeconds: z.number(),
  }),
});

const bookingBody = z
  .object({
    testerId: z.uuid(),
    /** A booking in a one-seat group of its own, starting at startsAt (the screener's 101 case, the notice window). */
    studyNo: z.number().int().min(1).max(INTEGER_COLUMN_MAX).optional(),
    startsAt: z.iso.datetime({ offset: true }).optional(),
    /** With studyNo: a session the tester attended (online child registration opens then, decision 028). */
    attended: z.boolean().optional(),
    /** With studyNo: in person at this site, paying this compensation (the check-in's browser test, decision 048). */
    siteId: z.string().min(1).max(10).optional(),
    coOpCostCents: z.number().int().min(0).max(10_000_000).optional(),
    /** Or a booking into this group (its public id) by the scheduling service's rules. */
    groupId: z.uuid().optional(),
    /** With groupId: the seat is for a new confirmed child of the tester's, made first. */
    child: z.object({ firstName: z.string().min(1).max(50), lastName: z.string().min(1).max(50), birthDate: z.iso.date() }).optional(),
  })
  .refine((body) => (body.studyNo === undefined) !== (body.groupId === undefined), { message: 'Give studyNo or groupId.' })
  .refine((body) => body.groupId === undefined || (body.startsAt === undefined && body.attended === undefined), {
    message: 'startsAt and attended go with studyNo only.',
  });

const bookingAnswer = z.object({ bookingId: z.number(), startsAt: z.string().optional() });

const instant = z.iso.datetime({ offset: true });

const groupBody = z.object({
  studyNo: z.number().int().min(1).max(INTEGER_COLUMN_MAX),
  kind: z.enum(['inPerson', 'virtual', 'pickUp']).optional(),
  siteId: z.string().min(1).max(10).nullable().optional(),
  color: z.string().min(1).max(30).optional(),
  cell: z.string().min(1).max(10).optional(),
  coOpCostCents: z.number().int().min(0).max(10_000_000).optional(),
  seats: z.number().int().min(1).max(1000).optional(),
  status: z.enum(['Open', 'Closed']).optional(),
  videoLink: z.string().max(300).optional(),
  pickUpAt: instant.optional(),
  sessions: z
    .array(z.object({ startsAt: instant, endsAt: instant }))
    .min(1)
    .max(10)
    .refine((sessions) => sessions.every((session) => Date.parse(session.endsAt) > Date.parse(session.startsAt)), {
      message: 'Each session ends after it starts.',
    }),
});

const groupAnswer = z.object({
  groupId: z.string(),
  seats: z.number(),
  sessions: z.array(z.object({ testerDay: z.number(), startsAt: z.string(), endsAt: z.string() })),
});

const selfScheduleLinkBody = z.object({ testerId: z.uuid(), studyNo: z.number().int().min(1).max(INTEGER_COLUMN_MAX) });
const externalTokenBody = selfScheduleLinkBody.extend({ returnedMinutesAgo: z.number().int().min(0).max(100_000).optional() });
const studyLinkBody = z.object({
  kind: z.enum(['invitation', 'qualified']),
  testerId: z.uuid(),
  studyNo: z.number().int().min(1).max(INTEGER_COLUMN_MAX),
  /** When the link was made: a past instant gives an expired link. */
  issuedAt: instant.optional(),
  /** An invitation e-mailed through the outbox (enqueueInvitation) instead of answered here. */
  send: z.boolean().optional(),
});

const studyLinkAnswer = z.union([
  z.object({ s: z.string(), t: z.string(), d: z.string(), invitationId: z.number().optional() }),
  z.object({ sent: z.literal(true), invitationId: z.number() }),
]);

const problem = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });

/**
 * The test-support routes (decision 014): a confirmed tester and a logged-in session without
 * the browser, for the end-to-end tests. Its plugin registers them only when TEST_SUPPORT_SECRET is
 * set, which config/env.ts allows only on a loopback address; without it they do not exist (404).
 * Hidden from the API docs.
 */
export const testSupportRoutes: FastifyPluginAsyncZod<TestSupportRouteOptions> = async (app, options) => {
  const { service, sessionCookie } = options;
  // Compared as hashes: equal lengths for timingSafeEqual, and nothing learnt from the time taken.
  const expected = hashToken(options.secret);

  // Before the body is read: a call without the secret learns nothing, not even a 400.
  app.addHook('onRequest', (request, reply, done) => {
    const given = request.headers[TEST_SUPPORT_SECRET_HEADER];
    if (typeof given === 'string' && safeEqual(hashToken(given), expected)) return done();
    request.log.warn({ url: request.url, event: 'test-support.refused' }, 'test-support call without the right secret');
    return void reply.status(403).send(FORBIDDEN);
  });

  app.post(
    '/test-support/tester',
    { schema: { hide: true, body: testerBody, response: { 200: testerAnswer, 409: problem } } },
    async (request, reply) => {
      const result = await service.createTester(request.body);
      if (result.status !== 'created') {
        const field = result.status === 'usernameTaken' ? 'username' : 'email';
        return reply.status(409).send({ statusCode: 409, error: 'Conflict', message: `That ${field} is taken.` });
      }
      return result.tester;
    },
  );

  app.post('/test-support/staff', { schema: { hide: true, body: staffBody, response: { 200: staffAnswer } } }, async (request) =>
    options.staff.createAccount(request.body),
  );

  app.post(
    '/test-support/session',
    { schema: { hide: true, body: sessionBody, response: { 200: sessionAnswer, 404: problem } } },
    async (request, reply) => {
      const session = await service.startSession(request.body);
      if (!session) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such tester.' });
      return {
        testerId: session.testerId,
        username: session.username,
        cookie: {
          name: sessionCookie.name,
          value: session.sessionId,
          path: '/' as const,
          httpOnly: true as const,
          secure: sessionCookie.secure,
          sameSite: 'Lax' as const,
          maxAgeSeconds: options.sessionMaxAgeSeconds,
        },
      };
    },
  );

  app.post(
    '/test-support/booking',
    { schema: { hide: true, body: bookingBody, response: { 200: bookingAnswer, 404: problem, 409: problem } } },
    async (request, reply) => {
      const { testerId, studyNo, startsAt, groupId, attended, siteId, coOpCostCents, child } = request.body;
      if (groupId !== undefined) {
        const result = await service.bookGroup({ testerId, groupId, child });
        if (result.status === 'succeed') return { bookingId: result.bookingId };
        if (result.status === 'notFound') return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such group.' });
        return reply.status(409).send({ statusCode: 409, error: 'Conflict', message: `Not booked: ${result.status}.` });
      }
      const site = siteId ? { siteId, coOpCostCents: coOpCostCents ?? 0 } : undefined;
      const booking = await service.createBooking({ testerId, studyNo: studyNo!, startsAt, attended, site });
      if (!booking) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such tester or study.' });
      if (booking === 'duplicate')
        return reply.status(409).send({ statusCode: 409, error: 'Conflict', message: 'The tester already holds a booking in this study.' });
      return booking;
    },
  );

  app.post(
    '/test-support/coins',
    {
      schema: {
        hide: true,
        body: z.object({ testerId: z.uuid(), coins: z.number().int().min(1).max(1_000_000) }),
        response: { 200: z.object({ coins: z.number() }), 404: problem },
      },
    },
    async (request, reply) => {
      const coins = await service.grantCoins(request.body.testerId, request.body.coins);
      if (coins === null) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such tester.' });
      return { coins };
    },
  );

  app.post(
    '/test-support/suspension',
    { schema: { hide: true, body: z.object({ testerId: z.uuid() }), response: { 200: z.object({ suspended: z.boolean() }) } } },
    async (request) => ({ suspended: await service.suspend(request.body.testerId) }),
  );

  app.post(
    '/test-support/study-link',
    { schema: { hide: true, body: studyLinkBody, response: { 200: studyLinkAnswer, 404: problem } } },
    async (request, reply) => {
      const link = await service.studyLink(request.body);
      if (!link) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such tester or study.' });
      return link;
    },
  );

  app.post(
    '/test-support/group',
    { schema: { hide: true, body: groupBody, response: { 200: groupAnswer, 404: problem } } },
    async (request, reply) => {
      const group = await service.createGroup(request.body);
      if (!group) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such study or site.' });
      return group;
    },
  );

  app.post(
    '/test-support/self-schedule-link',
    { schema: { hide: true, body: selfScheduleLinkBody, response: { 200: z.object({ url: z.string() }), 404: problem } } },
    async (request, reply) => {
      const link = await service.selfScheduleLink(request.body);
      if (!link) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such tester or study.' });
      return link;
    },
  );

  app.post(
    '/test-support/child-expiry',
    { schema: { hide: true, body: childExpiryBody, response: { 200: z.object({ expired: z.literal(true) }), 404: problem } } },
    async (request, reply) => {
      if (await service.expireChild(request.body)) return { expired: true as const };
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such unconfirmed child.' });
    },
  );

  app.post(
    '/test-support/child-confirmation',
    { schema: { hide: true, body: childConfirmationBody, response: { 200: z.object({ confirmed: z.literal(true) }), 404: problem } } },
    async (request, reply) => {
      if (await service.confirmChild(request.body)) return { confirmed: true as const };
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such unconfirmed child.' });
    },
  );

  const fake = options.clock;
  if (fake) {
    app.post(
      '/test-support/clock',
      { schema: { hide: true, body: clockBody, response: { 200: z.object({ now: z.string() }) } } },
      async (request) => {
        if (request.body.at !== undefined) fake.clock.set(request.body.at);
        if (request.body.advanceMs !== undefined) fake.clock.advance(request.body.advanceMs);
        return { now: fake.clock.now().toISOString() };
      },
    );

    // The job's own work, as the queue would run it in this minute of the fake clock: refused in a
    // minute its schedule does not fire, so a test shows when the job runs, not only what it does.
    app.post(
      '/test-support/scheduled-job',
      {
        schema: {
          hide: true,
          body: z.object({ name: z.string().min(1).max(100) }),
          response: { 200: z.object({ ran: z.literal(true), result: z.unknown() }), 404: problem, 409: problem },
        },
      },
      async (request, reply) => {
        const job = Object.hasOwn(fake.jobs, request.body.name) ? fake.jobs[request.body.name] : undefined;
        if (!job) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such scheduled job.' });
        const now = fake.clock.now();
        if (!cronFiresAt(job.cron, now, job.timeZone)) {
          const message = `${request.body.name} (${job.cron}, ${job.timeZone}) does not run at ${now.toISOString()}.`;
          return reply.status(409).send({ statusCode: 409, error: 'Conflict', message });
        }
        return { ran: true as const, result: await job.run() };
      },
    );
  }

  app.post(
    '/test-support/external-screener-token',
    { schema: { hide: true, body: externalTokenBody, response: { 200: z.object({ ex: z.string() }), 404: problem } } },
    async (request, reply) => {
      const token = await service.externalScreenerToken(request.body);
      if (!token) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such tester or study.' });
      return token;
    },
  );

  app.post(
    '/test-support/terms-version',
    {
      schema: {
        hide: true,
        body: z.object({
          summaryEn: z.string().min(1).max(1000),
          summaryEs: z.string().min(1).max(1000),
          /** The testers asked to accept it (at least one): every other tester accepts it at once. */
          askOnly: z.array(z.uuid()).min(1).max(50),
        }),
        response: { 200: z.object({ version: z.number(), publishedAt: z.string() }) },
      },
    },
    (request) => service.publishTerms(request.body),
  );

  app.post(
    '/test-support/terms-settle',
    {
      schema: {
        hide: true,
        body: z.object({
          /** The testers left to be asked: every other tester who accepted a version accepts the one in force. */
          askOnly: z.array(z.uuid()).min(1).max(50),
        }),
        response: { 200: z.object({ version: z.number().nullable() }) },
      },
    },
    (request) => service.settleTerms(request.body),
  );
};
