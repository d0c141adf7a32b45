import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export, so feature files keep named exports. */
export function lazyPage<Props extends object, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}
