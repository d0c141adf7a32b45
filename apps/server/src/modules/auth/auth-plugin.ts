import { defineModule } from '../../core/modules/app-module.ts';
import type { RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { StudyLinkService } from '../study-links/study-link-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createActiveSessionCache, type ActiveSessionCache } from './active-session-cache.ts';
import { authPortalRoutes, authRoutes, type AuthRouteOptions } from './auth-routes.ts';
import { createAuthService } from './auth-service.ts';
import { createSessionRepository, forgetAnnounced, SESSIONS_ENDED_CHANNEL } from './session-repository.ts';

/** The active-session cache (decision 011): first, because every writer of a tester's row forgets its copy. */
export const activeSessionsModule = defineModule({
  name: 'active-sessions',
  async build(_needs: object, { config, listen }) {
    const sessionCache = createActiveSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
    // Sessions ended by another instance on this PostgreSQL are dropped here at once (decision 035);
    // after the listening connection was lost, any of them may have been: all go (decision 092).
    await listen(
      SESSIONS_ENDED_CHANNEL,
      (payload) => forgetAnnounced(sessionCache, payload),
      () => sessionCache.forgetAll(),
    );
    return { provides: { sessionCache, onTesterChanged: sessionCache.forgetChangedTester } };
  },
});

/** Login, logout and sessions; login links a study link's tester (decision 026), so it comes after study links. */
export const authModule = defineModule({
  name: 'auth',
  build(
    {
      rateLimits,
      routeChecks,
      testers,
      sessionCache,
      studyLinks,
    }: {
      rateLimits: RateLimitStore;
      routeChecks: Pick<AuthRouteOptions, 'checksPerWindow' | 'windowSeconds' | 'rateLimits'>;
      testers: TesterService;
      sessionCache: ActiveSessionCache;
      studyLinks: Pick<StudyLinkService, 'linkTester'>;
    },
    { db, clock, config, secrets, sessionCookie, metrics },
  ) {
    const auth = createAuthService({
      onLoginRefused: (reason) => metrics.loginsRefused.inc({ scope: 'tester', reason }),
      rateLimits,
      testers,
      sessions: createSessionRepository(db, sessionCache, clock),
      clock,
      config,
      deviceCookieSecret: secrets.deviceCookie,
    });
    return {
      provides: { auth },
      routes: {
        public: [(api) => api.register(authRoutes, { auth, sessionCookie, linkTester: studyLinks.linkTester, ...routeChecks })],
        tester: [authPortalRoutes],
      },
    };
  },
});
