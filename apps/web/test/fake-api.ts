// A stand-in for the server in the web unit tests: fetch answers from a table the test fills in.
import { afterEach, beforeEach, vi } from 'vitest';

/** An answer to one API path: HTTP status (200 unless given) and JSON body. */
export type Answer = { status?: number; body: unknown };
export type Call = { path: string; body: unknown };

export interface FakeApi {
  /** Answers by path without the /api prefix ('/account/Login'); a function sees the request body. Unlisted paths answer 404. */
  readonly answers: Record<string, Answer | ((body: unknown) => Answer)>;
  /** Every request, in order: path without the /api prefix and the parsed JSON body. */
  readonly calls: Call[];
  /** The paths of the calls, in order. */
  paths(): string[];
}

/**
 * Stubs fetch for every test of the file (call it at the top of the file): answers and calls
 * start empty before each test; after it fetch and the clock are real again.
 */
export function fakeApi(): FakeApi {
  const answers: FakeApi['answers'] = {};
  const calls: Call[] = [];

  beforeEach(() => {
    for (const path of Object.keys(answers)) delete answers[path];
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = url.replace(/^\/api/, '');
        const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ path, body });
        const entry = answers[path];
        const answer = typeof entry === 'function' ? entry(body) : (entry ?? { status: 404, body: { message: 'not stubbed' } });
        const status = answer.status ?? 200;
        return { ok: status < 400, status, statusText: String(status), json: async () => answer.body };
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  return { answers, calls, paths: () => calls.map((call) => call.path) };
}
