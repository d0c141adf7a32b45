import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { DEMO, loginCookie, OUR_PAGE } from '../../../test/account-helpers.ts';

/**
 * Property: no generated input makes any /api route answer 5xx (GUIDE section 6). The routes are
 * read from the app's own route table (printRoutes), so a new route is fuzzed without a change
 * here; each is called with and without a valid session, with arbitrary JSON, odd strings (NUL,
 * lone surrogates, huge), wrong types, raw text and query strings. A fixed seed keeps it repeatable.
 */

const SEED = 20261115;
/** Runs per route and method: about 40 of them, some 600 requests, 10 to 15 seconds on this machine. */
const RUNS_PER_ROUTE = 20;

interface Route {
  method: string;
  path: string;
  /** The body's field names as the OpenAPI document gives them (empty for a body that is not an object). */
  fields: string[];
}

let routes: Route[];
let session: string;

// Limits high enough that the run tests input handling, not the 429s (which would be fine too).
const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000' } });
beforeAll(async () => {
  const table = testApp.app.printRoutes({ commonPrefix: false });
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>
    >;
  };
  const documented = new Map(Object.entries(document.paths).map(([path, operations]) => [path.toLowerCase(), operations]));
  routes = [...table.matchAll(/(\/api\/\S*) \(([^)]+)\)/g)].flatMap(([, path, methods]) =>
    methods!.split(', ').map((method) => {
      const operation = documented.get(path!)?.[method.toLowerCase()];
      const properties = operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      return { method, path: path!, fields: Object.keys(properties) };
    }),
  );
  session = await loginCookie(testApp.app, DEMO.username, DEMO.password);
});

const oddCharacter = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udc00') },
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff\udfff', '\uffff', '\ufeff', '%', '%00', '\\', '"', "'", '\n', '.', '/', '😀', 'é'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);
const oddString = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .array(fc.oneof(oddCharacter, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((length) => 'A'.repeat(length)) },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '12345678-1234-0234-0234-123456789abc', `${'0'.repeat(36)}.x`),
  },
);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.constant([]),
  fc.array(oddString, { maxLength: 3 }),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }),
);
const anyValue = fc.oneof(oddString, wrongType, fc.jsonValue({ maxDepth: 3 }));

/** A value for a known field: mostly a string (so the other checks pass and the odd part reaches deeper), sometimes the wrong type. */
const fieldValue = fc.oneof({ weight: 8, arbitrary: oddString }, { weight: 1, arbitrary: wrongType });

/** A body for a route: all its own fields, some of them, arbitrary JSON, or raw text that may not be JSON at all. */
const bodyFor = (route: Route) => {
  const fields = route.fields.length ? route.fields : ['value'];
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((field) => [field, fieldValue])))
        .map((value) => ({ kind: 'json' as const, value })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ known: fc.dictionary(fc.constantFrom(...fields), anyValue), extra: fc.dictionary(oddString, anyValue, { maxKeys: 2 }) })
        .map(({ known, extra }) => ({ kind: 'json' as const, value: { ...extra, ...known } })),
    },
    { weight: 2, arbitrary: anyValue.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: oddString.map((value) => ({ kind: 'raw' as const, value })) },
  );
};

const queryString = fc.oneof(
  fc.constant(''),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }).map((query) => {
    // encodeURIComponent cannot encode a lone surrogate: those go in as U+FFFD (raw odd escapes come below).
    const wellFormed = (value: string) => value.replace(/[\ud800-\udfff]/g, '\ufffd');
    const pairs = Object.entries(query).map(
      ([key, value]) => `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(value))}`,
    );
    return pairs.length ? `?${pairs.join('&')}` : '';
  }),
  fc.constantFrom('?lang=xx', '?lang=%00', '?a=%E0%A4%A', '?%', '?lang=es&lang=en', '?__proto__=1', `?q=${'x'.repeat(5000)}`),
);

const requestFor = (route: Route) =>
  fc.record({
    withSession: fc.boolean(),
    body: bodyFor(route),
    query: queryString,
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', undefined) },
    ),
  });

describe('every /api route under generated input', () => {
  it('reads a route table with the public and the portal calls', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining(['POST /api/account/login', 'GET /api/account/getpktesterinfo', 'POST /api/account/emailclicktrack']),
    );
    expect(routes.length).toBeGreaterThan(30);
  });

  it('never answers 5xx', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ withSession, body, query, contentType }) => {
          // Logging out would end the shared session: that run gets a session of its own.
          const cookie = withSession
            ? route.path === '/api/account/logout'
              ? await loginCookie(testApp.app, DEMO.username, DEMO.password)
              : session
            : undefined;
          const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
          const payload = hasBody ? (body.kind === 'raw' ? body.value : JSON.stringify(body.value)) : undefined;
          const response = await testApp.app.inject({
            method: route.method as 'GET',
            url: `${route.path}${query}`,
            payload,
            headers: { ...OUR_PAGE, ...(cookie ? { cookie } : {}), ...(hasBody && contentType ? { 'content-type': contentType } : {}) },
          });
          const described = `${route.method} ${route.path}${query.slice(0, 200)} ${JSON.stringify(String(payload).slice(0, 300))}`;
          expect(response.statusCode, `${described}\n${response.body}`).toBeLessThan(500);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    // Every route in turn: about 15 s on a quiet machine, 57 s seen with the 2 cores loaded by other runs.
  }, 180_000);
});
