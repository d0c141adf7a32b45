import { STAFF_TEXTS, type StaffRole } from '@testerhub/shared/staff-schemas';
import { createAudited } from '../../core/audit/audited.ts';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import type { MailService } from '../mail/mail-service.ts';
import { createLoginFailureLimits } from '../rate-limits/device-cookie-service.ts';
import { RateLimiter, type RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import { createStaffRepository, type StaffRow } from './staff-repository.ts';
import { createSecretBox } from './totp.ts';
import type { LoginRefusal } from '../../core/metrics/app-metrics.ts';

/** The staff member a staff route receives (core/auth/staff-scope.ts). */
export interface StaffPrincipal {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  siteIds: string[];
}

export interface StaffConfig {
  /** Minutes without a request after which a staff session ends (shorter than testers'). */
  idleMinutes: number;
  /** Hours after which a staff session ends whatever its use. */
  absoluteHours: number;
  /** Days a set-up link (invitation, first admin) stays good. */
  invitationDays: number;
  /** The company's time zone (LOYALTY_TIME_ZONE): the times staff mails name (decision 073). */
  timeZone: string;
  loginAttemptsPerWindow: number;
  rateLimitWindowSeconds: number;
}

export interface StaffDeps {
  clock: Clock;
  mail: MailService;
  /** Seals TOTP secrets at rest and signs the password step's proof (STAFF_TOTP_KEY). */
  totpKey: string;
  config: StaffConfig;
  /** Where the login limits count: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
  /** The HMAC key of the device cookies (DEVICE_COOKIE_SECRET, or one made at start); staff's are signed apart from testers'. */
  deviceCookieSecret: string;
  /** Told of every password step refused, and why (the metrics' counter). */
  onLoginRefused?: (reason: LoginRefusal) => void;
  /**
   * The site ids among these that name no test site, with the sites share-locked in the caller's
   * unit of work (the public-content service's; decision 069).
   */
  unknownTestSiteIds: (siteIds: readonly string[], tx: Executor) => Promise<string[]>;
}

export const principal = (row: StaffRow): StaffPrincipal => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roles: row.roles as StaffRole[],
  siteIds: row.siteIds,
});

/** What the audit log keeps of an account: never its hashes or secrets. */
export const auditView = (row: StaffRow) => ({
  name: row.name,
  email: row.email,
  roles: row.roles,
  siteIds: row.siteIds,
  disabled: row.disabledAt !== null,
});

/** What the staff service's parts share: the database, its repository, the audited unit of work and the sign-in limits. */
export function createStaffContext(db: Database, deps: StaffDeps) {
  const { clock, config } = deps;
  const repository = createStaffRepository();
  const windowMs = config.rateLimitWindowSeconds * 1000;
  const limiter = (name: string, limit: number) => new RateLimiter(deps.rateLimits, name, limit, windowMs);
  return {
    db,
    ...deps,
    repository,
    box: createSecretBox(deps.totpKey),
    audited: createAudited(db, { clock, writeAudit: (tx, row) => repository.insertAudit(tx, row) }),
    // Wrong passwords per account from strangers, per device for a browser that signed in to the
    // account before (its device cookie): strangers cannot lock the member out (decision 074).
    passwordFailures: createLoginFailureLimits({
      store: deps.rateLimits,
      accountName: 'staff-account',
      deviceName: 'staff-device',
      limit: config.loginAttemptsPerWindow,
      windowMs,
      secret: deps.deviceCookieSecret,
      purpose: 'staff',
    }),
    addressLimiter: limiter('staff-address', config.loginAttemptsPerWindow * 10),
    codeLimiter: limiter('staff-code', config.loginAttemptsPerWindow),
    setupLimiter: limiter('staff-setup', config.loginAttemptsPerWindow * 3),
    async limit(rateLimiter: RateLimiter, key: string) {
      if (!(await rateLimiter.hit(key))) throw new TooManyRequestsError(STAFF_TEXTS.tooManyAttempts);
    },
  };
}

export type StaffContext = ReturnType<typeof createStaffContext>;
