import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CANCELLATION_NOTICE_HOURS } from '@testerhub/shared/company';
import { isTimeZone } from '../local-day.ts';

/** An IPv4 or IPv6 address, or a range of them in CIDR notation (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: empty (trust no proxy: the socket address is the client), a hop count, or a
 * comma-separated list of the proxies' addresses and ranges. Fastify's trustProxy takes either.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, context): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    if (bad === undefined && entries.length > 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of addresses and CIDR ranges (not ${JSON.stringify(bad ?? value)})`,
    });
    return z.NEVER;
  });

const booleanFlag = z.enum(['true', 'false']).optional();

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must start with ${protocols.map((protocol) => `${protocol}:`).join(' or ')}`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 in development and test, 0.0.0.0 in production. */
  HOST: z.string().trim().min(1).optional(),
  TRUST_PROXY: trustProxySchema,
  /** The Prometheus listener's port (GET /metrics, decision 094); unset: no listener. 0 picks a free port (tests). */
  METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
  /** The interface of the metrics listener: loopback unless told; a scraper on another host needs a firewall in front. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Whether /api/docs is served: unset means yes outside production, no in production. */
  API_DOCS: booleanFlag,
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** After SIGTERM: how long /api/ready answers 503 while the port still takes requests, so a proxy stops sending first. */
  READY_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** After the drain: how long requests in flight, running jobs and the mail send in progress may take before a forced exit. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** Signs the device cookie of the login limits; unset: made at start (main.ts). */
  DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs the d of the self-schedule link after a screener; unset: made at start (main.ts keeps one in production). */
  STUDY_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long an e-mailed study link (an invitation, a qualified screener's link) opens its study (decision 026). */
  STUDY_LINK_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /** Whether the PostgreSQL pool names (prepares) the statements it sends: unset means yes; false behind a pooler that cannot keep them. */
  DATABASE_NAMED_STATEMENTS: booleanFlag,
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('TesterHub <no-reply@testerhub.example>'),
  OLD_HOSTS: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  PUBLIC_CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  RESET_CODE_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  CONFIRM_CODE_TTL_HOURS: z.coerce.number().int().min(1).default(72),
  WELCOME_COINS: z.coerce.number().int().min(0).default(100),
  /**
   * Changes and cancellations close this many hours before a session (decision 022: the spec says
   * 12 and 24). The default is the number the prerendered policy pages print.
   */
  SCHEDULE_NOTICE_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(CANCELLATION_NOTICE_HOURS),
  /** Scheduled jobs (the job queue's cron work, decision 020): on unless NODE_ENV=test, where a test turns them on. */
  SCHEDULED_JOBS: z.enum(['on', 'off']).optional(),
  /** How long the signed d of a self-schedule link stays valid, in days (decision 024). */
  SELF_SCHEDULE_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** An outside screener's study opens for self-schedule this many minutes after the tester's return (spec 3, section 9). */
  EXTERNAL_SCHEDULE_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(30),
  /**
   * Hours before each session day that a reminder is e-mailed, comma-separated (decision 027);
   * empty turns reminders off.
   */
  REMINDER_HOURS: z
    .string()
    .default('24,4')
    .transform((value, context) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const hours = parts.map(Number);
      if (hours.some((hour) => !Number.isInteger(hour) || hour < 1 || hour > 24 * 14)) {
        context.addIssue({ code: 'custom', message: 'must be whole hours from 1 to 336, comma-separated' });
        return z.NEVER;
      }
      return [...new Set(hours)].sort((a, b) => b - a);
    }),
  /** At most this many invitation e-mails reach the outbox in any 60 seconds, across every instance (decision 052). */
  INVITATION_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** How long a freed seat is held for the tester it is offered to, in hours (decision 031). */
  WAITLIST_OFFER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  /** The no-show rule (spec 3, "No-shows"; decision 046): this many no-shows within NO_SHOW_WINDOW_MONTHS suspend a tester for SUSPENSION_MONTHS. */
  NO_SHOW_LIMIT: z.coerce.number().int().min(1).max(20).default(2),
  /** At most this many current (confirmed or awaiting confirmation) children per parent (issue 24; decision 079). */
  CHILDREN_PER_PARENT: z.coerce.number().int().min(1).max(50).default(6),
  NO_SHOW_WINDOW_MONTHS: z.coerce.number().int().min(1).max(24).default(3),
  SUSPENSION_MONTHS: z.coerce.number().int().min(1).max(60).default(6),
  /** Minutes after a booking's last session ends before a booking nobody checked in becomes a no-show: time for late check-ins. */
  NO_SHOW_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(120),
  /** The company's time zone: which calendar day (daily bonus, login count) a tester's action belongs to (decision 033). */
  LOYALTY_TIME_ZONE: z
    .string()
    .default('America/Chicago')
    .refine(isTimeZone, { message: 'must be an IANA time zone name, such as America/Chicago' }),
  LOGIN_ATTEMPTS_PER_WINDOW: z.coerce.number().int().min(1).default(10),
  /** Staff sessions end after this many idle minutes: shorter than testers' (decision 043). */
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  /** Days a staff set-up link (an invitation, the first admin's) stays good. */
  STAFF_INVITATION_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** Seals staff TOTP secrets at rest (decision 044); unset: kept in DATA_DIR by main.ts, made per start in tests. */
  STAFF_TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Months after which the password page and the portal remind a tester to change the password (spec 3, section 5; decision 035). */
  PASSWORD_REMINDER_MONTHS: z.coerce.number().int().min(1).max(120).default(6),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  // Test support only (decision 014): never set in a deployment.
  TEST_SUPPORT_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 32, { message: 'must be at least 32 characters' }),
  // Test support only (decision 042): a second listener on this port whose clock the test-support routes set.
  TEST_CLOCK_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  /** The interface to listen on: loopback unless HOST says otherwise, except production (every interface). */
  host: string;
  /** Which proxies' X-Forwarded-For counts (Fastify's trustProxy): false (none), a hop count, or addresses/ranges. */
  trustProxy: false | number | string[];
  /** Serve the OpenAPI document at /api/docs. */
  apiDocs: boolean;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST; decision 094); undefined: none. Optional, so test configs need not name it. */
  metrics?: { port: number; host: string };
  /** A request whose headers and body have not all arrived within this time is dropped (408). */
  requestTimeoutSeconds: number;
  /** SIGTERM: milliseconds of answering /api/ready with 503 before the listener closes (main.ts). */
  readyDrainMs: number;
  /** SIGTERM: milliseconds after the drain for requests, jobs and the mail sender to finish before a forced exit. */
  shutdownGraceMs: number;
  /** The HMAC key of the device cookie; undefined here means main.ts (or buildApp, in tests) provides one. */
  deviceCookieSecret: string | undefined;
  /** The HMAC key of the self-schedule link's signed data; undefined here means main.ts (or buildApp, in tests) provides one. */
  studyLinkSecret: string | undefined;
  /** Days an e-mailed study link stays valid after it was made. */
  studyLinkValidDays: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: statements parsed once per connection and named (issue 27); off behind a transaction-mode pooler. */
  databaseNamedStatements: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Folder of the built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  seedDemoData: boolean;
  mailFrom: string;
  /** Host names of the old domain; a request for one is redirected to PUBLIC_URL with its path. */
  oldHosts: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** How long a session read from the database is trusted without reading it again (0: always read). */
  sessionCacheSeconds: number;
  /** How long FAQs, winners, testimonials and test sites are served from memory (0: read every time). */
  publicContentCacheSeconds: number;
  resetCodeTtlMinutes: number;
  confirmCodeTtlHours: number;
  welcomeCoins: number;
  /** Hours before a booking's first session after which it is changed or cancelled by phone only. */
  scheduleNoticeHours: number;
  /** Whether this instance runs the scheduled jobs (each runs once across instances either way). */
  scheduledJobs: boolean;
  /** Days a self-schedule link's d is honoured after it was signed. */
  selfScheduleLinkDays: number;
  /** Minutes after an outside screener's return before its study can be self-scheduled. */
  externalScheduleDelayMinutes: number;
  /** Hours before each session day that reminders go out, largest first; empty: no reminders. */
  reminderHours: number[];
  /** Hours a freed seat is held for the waiting tester it is offered to (decision 031). */
  waitlistOfferHours: number;
  /** At most this many invitation e-mails reach the outbox in any 60 seconds, across instances (decision 052). */
  invitationMailsPerMinute: number;
  /** The company's time zone: the calendar day a tester's action belongs to (decision 033). */
  loyaltyTimeZone: string;
  /** The no-show rule (decision 046): `limit` no-shows within `windowMonths` suspend for `suspensionMonths`; a booking becomes a no-show `afterMinutes` after it ends. */
  noShows: { limit: number; windowMonths: number; suspensionMonths: number; afterMinutes: number };
  /** CHILDREN_PER_PARENT: a parent's current children are capped (decision 079). */
  childrenPerParent: number;
  /** Wrong logins allowed per account (and per address) within one rate-limit window. */
  loginAttemptsPerWindow: number;
  rateLimitWindowSeconds: number;
  /** Months after which a password change is recommended (decision 035). */
  passwordReminderMonths: number;
  /** Idle minutes and absolute hours of a staff session (decision 043). */
  staffSessionIdleMinutes: number;
  staffSessionAbsoluteHours: number;
  /** Days a staff set-up link stays good. */
  staffInvitationDays: number;
  /** The key sealing staff TOTP secrets; undefined here means main.ts (or buildApp, in tests) provides one. */
  staffTotpKey: string | undefined;
  /** Turns on the test-support routes (decision 014): a test run on this machine only. */
  testSupportSecret: string | undefined;
  /**
   * A test run's second listener (decision 042): the same database, with a clock the test-support
   * routes set and move. Only with testSupportSecret; optional, so test configs need not name it.
   */
  testClockPort?: number;
}

export class ConfigError extends Error {}

/** Reads the environment once at start-up; a bad value stops start-up with the variable's name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  // The test-support routes log anyone in: refused unless the server listens and is addressed on this machine only.
  if (env.TEST_SUPPORT_SECRET && !(isLoopback(host) && isLocalHttpUrl(env.PUBLIC_URL ?? 'http://localhost')))
    throw new ConfigError(
      'Invalid configuration:\n  TEST_SUPPORT_SECRET: for test runs only; it needs HOST on a loopback address and PUBLIC_URL http:// on one',
    );
  if (env.TEST_CLOCK_PORT !== undefined && !env.TEST_SUPPORT_SECRET)
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_PORT: for test runs only; it needs TEST_SUPPORT_SECRET');
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  if (env.TEST_CLOCK_PORT === env.PORT) throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_PORT: must differ from PORT');
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    trustProxy: env.TRUST_PROXY,
    apiDocs: env.API_DOCS === undefined ? !isProduction : env.API_DOCS === 'true',
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    readyDrainMs: env.READY_DRAIN_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET,
    studyLinkSecret: env.STUDY_LINK_SECRET,
    studyLinkValidDays: env.STUDY_LINK_VALID_DAYS,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS !== 'false',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    seedDemoData: env.SEED_DEMO_DATA,
    mailFrom: env.MAIL_FROM,
    oldHosts: env.OLD_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    publicContentCacheSeconds: env.PUBLIC_CONTENT_CACHE_SECONDS,
    resetCodeTtlMinutes: env.RESET_CODE_TTL_MINUTES,
    confirmCodeTtlHours: env.CONFIRM_CODE_TTL_HOURS,
    welcomeCoins: env.WELCOME_COINS,
    scheduleNoticeHours: env.SCHEDULE_NOTICE_HOURS,
    scheduledJobs: env.SCHEDULED_JOBS ? env.SCHEDULED_JOBS === 'on' : env.NODE_ENV !== 'test',
    selfScheduleLinkDays: env.SELF_SCHEDULE_LINK_DAYS,
    externalScheduleDelayMinutes: env.EXTERNAL_SCHEDULE_DELAY_MINUTES,
    reminderHours: env.REMINDER_HOURS,
    waitlistOfferHours: env.WAITLIST_OFFER_HOURS,
    invitationMailsPerMinute: env.INVITATION_MAILS_PER_MINUTE,
    loyaltyTimeZone: env.LOYALTY_TIME_ZONE,
    noShows: {
      limit: env.NO_SHOW_LIMIT,
      windowMonths: env.NO_SHOW_WINDOW_MONTHS,
      suspensionMonths: env.SUSPENSION_MONTHS,
      afterMinutes: env.NO_SHOW_AFTER_MINUTES,
    },
    childrenPerParent: env.CHILDREN_PER_PARENT,
    loginAttemptsPerWindow: env.LOGIN_ATTEMPTS_PER_WINDOW,
    rateLimitWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    passwordReminderMonths: env.PASSWORD_REMINDER_MONTHS,
    staffSessionIdleMinutes: env.STAFF_SESSION_IDLE_MINUTES,
    staffSessionAbsoluteHours: env.STAFF_SESSION_ABSOLUTE_HOURS,
    staffInvitationDays: env.STAFF_INVITATION_DAYS,
    staffTotpKey: env.STAFF_TOTP_KEY,
    testSupportSecret: env.TEST_SUPPORT_SECRET,
    testClockPort: env.TEST_CLOCK_PORT,
  };
}

/** localhost, 127.0.0.0/8 or ::1. */
const isLoopback = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
const isLocalHttpUrl = (url: string) => url.startsWith('http://') && isLoopback(new URL(url).hostname);
