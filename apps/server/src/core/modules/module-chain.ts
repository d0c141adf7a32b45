import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleCore, ModuleJob, ModuleParts, PublicRoutes } from './app-module.ts';

/** The names a module needs that the modules before it do not provide (or provide with another type). */
type Unbuilt<Needs, Built> = {
  [Name in keyof Needs]-?: Name extends keyof Built ? (Built[Name] extends Needs[Name] ? never : Name) : Name;
}[keyof Needs];

/** The modules built in order: every service by name, the routes by scope, the jobs. */
export interface WiredModules<Services extends object> {
  services: Services;
  publicRoutes: PublicRoutes[];
  testerRoutes: FastifyPluginAsyncZod[];
  staffRoutes: FastifyPluginAsyncZod[];
  rootRoutes: NonNullable<NonNullable<ModuleParts<object>['routes']>['root']>[number][];
  jobs: ModuleJob[];
}

/**
 * The app's modules in the order they are built (decision 082). `add` type-checks that the modules
 * before it provide every service the module names, so a module cannot reach one built after it;
 * `build` then builds them in that order, each with exactly what it named.
 */
export interface ModuleChain<Built extends object> {
  add<Needs extends object, Provides extends object>(
    module: AppModule<Needs, Provides>,
    ...unbuilt: [Unbuilt<Needs, Built>] extends [never] ? [] : [error: { needsBuiltEarlier: Unbuilt<Needs, Built> }]
  ): ModuleChain<Built & Provides>;
  build(core: ModuleCore): Promise<WiredModules<Built>>;
}

type AnyModule = AppModule<object, object>;

export function moduleChain(): ModuleChain<object> {
  return chainOf([]);
}

function chainOf<Built extends object>(modules: readonly AnyModule[]): ModuleChain<Built> {
  return {
    // The check is in add's type; at run time a module is a module.
    add: (module: AnyModule, ..._unbuilt: unknown[]) => chainOf([...modules, module]),
    build: async (core) => {
      const services: Record<string, unknown> = {};
      const wired: WiredModules<object> = { services, publicRoutes: [], testerRoutes: [], staffRoutes: [], rootRoutes: [], jobs: [] };
      for (const module of modules) {
        const parts = await module.build(services, core);
        for (const [name, service] of Object.entries(parts.provides)) {
          // Two modules under one name would hand the later ones a different service than they were typed with.
          if (Object.hasOwn(services, name)) throw new Error(`Module ${module.name} provides ${name}, which an earlier module provides.`);
          services[name] = service;
        }
        wired.publicRoutes.push(...(parts.routes?.public ?? []));
        wired.testerRoutes.push(...(parts.routes?.tester ?? []));
        wired.staffRoutes.push(...(parts.routes?.staff ?? []));
        wired.rootRoutes.push(...(parts.routes?.root ?? []));
        wired.jobs.push(...(parts.jobs ?? []));
      }
      return wired as WiredModules<Built>;
    },
  };
}
