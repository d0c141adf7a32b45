import { lazy, type ComponentType } from 'react';

type PropsOf<Page> = Page extends ComponentType<infer Props> ? Props : never;

/**
 * React.lazy for a module's named export, so page files keep named exports. The props are the
 * named export's own, whatever else the module exports (a section's parts beside its page).
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module[Name]>> }));
}
