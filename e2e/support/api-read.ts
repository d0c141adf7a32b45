import type { APIRequestContext } from '@playwright/test';

/**
 * A call's JSON answer read straight from the API (the test's own set-up or check, not what the page
 * does): `request` carries whoever's cookies the test needs. The header is the one our pages send
 * (GUIDE's cross-site rule), harmless on reads that do not ask for it.
 */
export async function readApi<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { 'x-requested-with': 'TesterHub' } });
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()) as T;
}
