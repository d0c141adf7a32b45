/**
 * The first admin of the staff console (issue 12 section 1, decision 043), made on the server:
 *
 *   npm run staff:create-admin -- --email ada@company.example --name "Ada Admin"
 *   npm run staff:create-admin -- --email ada@company.example --reset
 *
 * It creates the account with the admin role (or, with --reset, takes an existing account back
 * to set-up: password, second factor, recovery codes and sessions end) and prints a one-time
 * set-up link; the password and the second factor are chosen on that page. It reads the same
 * configuration as the server (DATABASE_URL or DATA_DIR, PUBLIC_URL). On embedded PGlite the
 * data folder is one process's: stop the server first. On PostgreSQL run it any time.
 */
import { parseArgs } from 'node:util';
import { STAFF_TEXTS, staffInviteSchema } from '@testerhub/shared/staff-schemas';
import { ConfigError, loadConfig } from './core/config/env.ts';
import { openDatabase } from './core/db/client.ts';
import { createLogger } from './core/logger.ts';
import { systemClock } from './core/clock.ts';
import { createMailService } from './modules/mail/mail-service.ts';
import { createPublicContentService } from './modules/public-content/public-content-service.ts';
import { createStaffService } from './modules/staff/staff-service.ts';
import { createRateLimitStore } from './modules/rate-limits/rate-limit-service.ts';

const USAGE = 'usage: npm run staff:create-admin -- --email ADDRESS --name "FULL NAME"   (or --email ADDRESS --reset)';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, reset: { type: 'boolean' } } });
  const reset = values.reset === true;
  const parsed = staffInviteSchema.safeParse({ name: reset ? 'unused' : values.name, email: values.email, roles: ['admin'] });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { logger } = createLogger('silent');
    const staff = createStaffService(database.db, {
      clock: systemClock,
      rateLimits: createRateLimitStore(database.db, systemClock.nowMs),
      // No message is sent: the link is printed here. The TOTP key is not used by either call.
      mail: createMailService(database.db, {
        clock: systemClock,
        publicUrl: config.publicUrl,
        smtpUrl: undefined,
        mailFrom: config.mailFrom,
        log: logger,
      }),
      totpKey: config.staffTotpKey ?? 'unused-by-the-command-unused-by-the-command',
      // Nor is the device cookies' key: the command signs in nobody.
      deviceCookieSecret: 'unused-by-the-command-unused-by-the-command',
      config: {
        idleMinutes: config.staffSessionIdleMinutes,
        absoluteHours: config.staffSessionAbsoluteHours,
        invitationDays: config.staffInvitationDays,
        timeZone: config.loyaltyTimeZone,
        loginAttemptsPerWindow: config.loginAttemptsPerWindow,
        rateLimitWindowSeconds: config.rateLimitWindowSeconds,
      },
      unknownTestSiteIds: createPublicContentService(database.db, {
        cacheSeconds: 0,
        clock: systemClock,
        timeZone: config.loyaltyTimeZone,
      }).unknownTestSiteIds,
    });
    const made = reset
      ? await staff.resetAccount({ email: parsed.data.email })
      : await staff.createAccount({ name: parsed.data.name, email: parsed.data.email, roles: ['admin'] }).catch((error: unknown) => {
          if (error instanceof Error && error.message === STAFF_TEXTS.emailTaken) return null;
          throw error;
        });
    if (!made) {
      console.error(
        reset ? 'No staff account has this e-mail address.' : `${STAFF_TEXTS.emailTaken} Use --reset to send it back to set-up.`,
      );
      return 1;
    }
    console.log(reset ? 'The account is back at set-up.' : 'Admin account created.');
    console.log(
      `Open this link within ${config.staffInvitationDays} days to choose the password and set up the sign-in code (it works once):`,
    );
    console.log(made.link);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
