import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * A value read from the browser (host, cookies) after hydration; the server value while
 * prerendering and hydrating, so the HTML and the first client render agree.
 */
export function useBrowserValue<T>(
  readInBrowser: () => T,
  serverValue: T,
  subscribe: (onChange: () => void) => () => void = subscribeNever,
): T {
  return useSyncExternalStore(subscribe, readInBrowser, () => serverValue);
}
