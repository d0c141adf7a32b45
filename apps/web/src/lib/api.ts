import { currentLanguage } from '../hooks/use-entry-language';

/** Small JSON client for /api. Failures reject with ApiRequestError so callers can decide what to show. */

export class ApiRequestError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    message: string,
    /** The field a 400 names (GUIDE section 3), when the server named one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`/api${path}`, {
    credentials: 'same-origin',
    ...init,
    headers: {
      accept: 'application/json',
      'x-requested-with': 'TesterHub',
      // The tab's language, not the browser's: the server words a visitor's answers in it (decision 118).
      'accept-language': currentLanguage(),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  if (!response.ok) {
    const detail = (await response.json().catch(() => null)) as { message?: string; field?: string } | null;
    throw new ApiRequestError(path, response.status, detail?.message ?? response.statusText, detail?.field);
  }
  return (await response.json()) as T;
}

export function apiGet<T>(path: string): Promise<T> {
  return request<T>(path, { method: 'GET' });
}

export function apiPost<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, { method: 'POST', body: JSON.stringify(body) });
}

export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, { method: 'PUT', body: JSON.stringify(body) });
}
