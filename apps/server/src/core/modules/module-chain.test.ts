import { describe, expect, test } from 'vitest';
import { childrenModule } from '../../modules/children/children-plugin.ts';
import { schedulingModule } from '../../modules/scheduling/scheduling-plugin.ts';
import { screeningModule } from '../../modules/screening/screening-plugin.ts';
import { defineModule, type ModuleCore } from './app-module.ts';
import { moduleChain } from './module-chain.ts';

/** The chain builds modules without touching the core; these tests hand it an empty one. */
const core = {} as ModuleCore;

const clockModule = defineModule({
  name: 'clock',
  build: () => ({ provides: { ticks: { now: () => 42 } } }),
});
const greeterModule = defineModule({
  name: 'greeter',
  build: ({ ticks }: { ticks: { now(): number } }) => ({
    provides: { greeter: { greet: () => `hello at ${ticks.now()}` } },
    routes: { tester: [async () => undefined] },
    jobs: [{ name: 'greet', cron: '* * * * *', timeZone: 'UTC', policy: 'singleton' as const, run: async () => 'greeted' }],
  }),
});

describe('the module chain (decision 082)', () => {
  test('builds the modules in order, each with the services of the modules before it, and gathers routes and jobs', async () => {
    const wired = await moduleChain().add(clockModule).add(greeterModule).build(core);
    expect(wired.services.greeter.greet()).toBe('hello at 42');
    expect(wired.testerRoutes).toHaveLength(1);
    expect(wired.jobs.map((job) => job.name)).toEqual(['greet']);
  });

  test('refuses a second module under a service name already provided', async () => {
    const again = defineModule({ name: 'clock-again', build: () => ({ provides: { ticks: { now: () => 7 } } }) });
    await expect(moduleChain().add(clockModule).add(again).build(core)).rejects.toThrow(
      'Module clock-again provides ticks, which an earlier module provides.',
    );
  });

  test('the types refuse a module before the modules whose services it names (checked by tsc -p apps/server)', () => {
    // @ts-expect-error greeter names ticks, which no module before it provides.
    moduleChain().add(greeterModule);
    const numbers = moduleChain().add(defineModule({ name: 'numbers', build: () => ({ provides: { ticks: 1 } }) }));
    // @ts-expect-error a service of another type than the module named is refused too.
    numbers.add(greeterModule);
    // @ts-expect-error scheduling reads the children's and screening's readers: they must come first.
    moduleChain().add(schedulingModule);
    // @ts-expect-error screening uses scheduling, so it cannot be built before it.
    moduleChain().add(screeningModule);
    // @ts-expect-error the children service uses scheduling and screening.
    moduleChain().add(childrenModule);
  });

  test('the types refuse a module that uses a service it did not name (checked by tsc -p apps/server)', () => {
    defineModule({
      name: 'sneaky',
      build: (needs: { ticks: { now(): number } }) => {
        // @ts-expect-error greeter is not among the services this module named.
        const reached: unknown = needs.greeter;
        return { provides: { reached } };
      },
    });
    expect(true).toBe(true);
  });
});
