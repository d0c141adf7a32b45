import { createHmac } from 'node:crypto';
import { randomToken, safeEqual } from '../../core/security/tokens.ts';
import { RateLimiter, type RateLimitStore } from './rate-limit-service.ts';

/**
 * The device cookie (OWASP's "device cookies" against account lock-out; decision 013 finding 7,
 * decision 074 for staff): after a successful login the browser gets "{accountId}.{nonce}.{HMAC}".
 * `purpose` keeps the kinds of account apart: a cookie signed for one never verifies for another,
 * even with the same secret. The testers' cookie has none (the cookies browsers hold stay valid).
 */
export function createDeviceCookieSigner(secret: string, purpose?: string) {
  const key = purpose === undefined ? secret : createHmac('sha256', secret).update(`device-cookie:${purpose}`).digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(accountId: string): string {
      const payload = `${accountId}.${randomToken(16)}`;
      return `${payload}.${signature(payload)}`;
    },
    /** The account and nonce of a cookie this server signed for this purpose, or null. */
    verify(value: string | undefined): { accountId: string; nonce: string } | null {
      const [accountId, nonce, given, ...rest] = (value ?? '').split('.');
      if (!accountId || !nonce || !given || rest.length > 0) return null;
      return safeEqual(given, signature(`${accountId}.${nonce}`)) ? { accountId, nonce } : null;
    },
  };
}

/** Where one login attempt's wrong password counts: hit before the password check, reset after a right one. */
export interface FailureCounter {
  hit(): Promise<boolean>;
  reset(): Promise<void>;
}

/**
 * Wrong passwords counted so that strangers cannot lock the owner out: per account for browsers
 * without the account's device cookie (strangers), per device for a browser bringing a valid one
 * for the account it names. Both at `limit` a window; a forged cookie, or one of another account,
 * counts as none. The limiters' names (`accountName`, `deviceName`) keep each login's counts apart.
 */
export function createLoginFailureLimits(options: {
  store: RateLimitStore;
  accountName: string;
  deviceName: string;
  limit: number;
  windowMs: number;
  secret: string;
  purpose?: string;
}) {
  const devices = createDeviceCookieSigner(options.secret, options.purpose);
  const accountFailures = new RateLimiter(options.store, options.accountName, options.limit, options.windowMs);
  const deviceFailures = new RateLimiter(options.store, options.deviceName, options.limit, options.windowMs);
  const counter = (limiter: RateLimiter, key: string): FailureCounter => ({ hit: () => limiter.hit(key), reset: () => limiter.reset(key) });
  return {
    /** A new device cookie for the account that just signed in. */
    issue: (accountId: string) => devices.issue(accountId),
    /** The account a device cookie this server signed was given to, or null (none, or not ours). */
    accountOf: (deviceCookie: string | undefined): string | null => devices.verify(deviceCookie)?.accountId ?? null,
    /**
     * The counter of this attempt: `accountKey` names the account as typed (its username or
     * e-mail), `accountId` the account it names (undefined: none).
     */
    counterFor(accountKey: string, accountId: string | undefined, deviceCookie: string | undefined): FailureCounter {
      const device = devices.verify(deviceCookie);
      return device && accountId !== undefined && device.accountId === accountId
        ? counter(deviceFailures, `device:${device.nonce}`)
        : counter(accountFailures, accountKey);
    },
  };
}

export type LoginFailureLimits = ReturnType<typeof createLoginFailureLimits>;
