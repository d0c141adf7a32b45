import { defineModule } from '../../core/modules/app-module.ts';
import { createRateLimitStore } from './rate-limit-service.ts';

/** Every rate limit counts in the database, so that all instances on it share one count (decision 062). */
export const rateLimitsModule = defineModule({
  name: 'rate-limits',
  build(_needs: object, { db, clock, config, metrics }) {
    const rateLimits = createRateLimitStore(db, clock.nowMs, (limit) => metrics.rateLimitRefusals.inc({ limit }));
    // The limits of the public forms' routes (registration, login, cancel links).
    const routeChecks = {
      checksPerWindow: config.loginAttemptsPerWindow * 6,
      // What one phone, username or e-mail may be tried for from all addresses together: a login's wrong passwords (decision 075).
      attemptsPerTarget: config.loginAttemptsPerWindow,
      windowSeconds: config.rateLimitWindowSeconds,
      rateLimits,
    };
    return { provides: { rateLimits, routeChecks } };
  },
});
