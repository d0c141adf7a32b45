import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/core/clock.ts';
import { loadConfig } from '../src/core/config/env.ts';
import { useInstanceDatabases } from './job-instances.ts';

/**
 * Two whole server apps on the file's database copy, each on its own instance's connection (on
 * PGlite, which serves one process, both share the handle), built before the file's tests and
 * closed after them: what a change on one instance does to the other is seen through real calls.
 */
export function useTwoApps(options: { env?: Record<string, string>; clock?: Clock } = {}) {
  const databases = useInstanceDatabases();
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
    const handles = databases.handles();
    apps = [];
    for (const index of [0, 1]) {
      const app = await buildApp({
        config: { ...config, webDistDir: undefined },
        database: handles[index % handles.length]!,
        ...(options.clock ? { clock: options.clock } : {}),
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  return { ...databases, apps: () => apps as [FastifyInstance, FastifyInstance] };
}

/** Asks `check` again every few milliseconds until it answers true or `ms` pass; whether it did. */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
