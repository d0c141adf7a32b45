import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { OUR_PAGE } from './account-helpers.ts';
import { servedRoutes } from './served-routes.ts';

/**
 * Route fuzzing (GUIDE section 6; decisions 013, 062): the app's own routes, read from its route
 * table (printRoutes) with each body's field names from the OpenAPI document, and the generated
 * requests sent to them. The testers' twin (core/http/route-fuzz.test.ts) and the staff console's
 * (core/http/staff-route-fuzz.test.ts) share this one generator.
 */

/** A fixed seed keeps every run repeatable (FUZZ_SEED=n tries another sequence locally). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261115);

/** Runs per route: the test's own number, or FUZZ_RUNS=n for a deeper local run. */
export const fuzzRuns = (runs: number) => Number(process.env.FUZZ_RUNS ?? runs);

/** The part of an OpenAPI (JSON) schema the generator reads. */
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Route {
  method: string;
  path: string;
  /** The body's field names as the OpenAPI document gives them (empty for a body that is not an object). */
  fields: string[];
  /** The documented body and query parameters, for requests that pass the schema and reach the handler. */
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
}

/** Every /api route the app serves, with its documented body fields: a new route is fuzzed without a change here. */
export async function readApiRoutes(app: FastifyInstance): Promise<Route[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          parameters?: { in: string; name: string; schema?: JsonSchema }[];
        }
      >
    >;
  };
  const documented = new Map(Object.entries(document.paths).map(([path, operations]) => [path.toLowerCase(), operations]));
  return servedRoutes(app)
    .filter(({ path }) => path.startsWith('/api/'))
    .map(({ method, path }) => {
      const operation = documented.get(path)?.[method.toLowerCase()];
      const body = operation?.requestBody?.content?.['application/json']?.schema;
      const query = (operation?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} }));
      return { method, path, fields: Object.keys(body?.properties ?? {}), body, query };
    });
}

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

// encodeURIComponent cannot encode a lone surrogate: those go in as U+FFFD (raw odd escapes come below).
const wellFormed = (value: string) => value.replace(/[\ud800-\udfff]/g, '\ufffd');

const UUID_PATTERN = /^\^\[0-9a-f\]\{8\}-/;
const DATE_PATTERN = /\\d\{4\}-/;
const TIME_PATTERN = /:\[0-5\]\\d\$$/;

/** A string within the schema's lengths: plain, or odd characters that the schema lets through to the handler. */
function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid' || (schema.pattern && UUID_PATTERN.test(schema.pattern))) return fc.uuid();
  if (schema.pattern && DATE_PATTERN.test(schema.pattern))
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((day) => day.toISOString().slice(0, 10));
  if (schema.pattern && TIME_PATTERN.test(schema.pattern))
    return fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 200));
  const fit = (value: string) => value.slice(0, max).padEnd(min, 'x');
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    oddString.map(fit),
    fc.constantFrom('', '0', '1', '00001', 'all', 'Open').map(fit),
  );
}

/** A value of the schema's type and range (so that it passes validation and reaches the handler), with edge values. */
function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, depth)));
    switch (schema.type) {
      case 'integer': {
        const min = schema.minimum ?? -2_000_000_000;
        const max = schema.maximum ?? 2_000_000_000;
        return fc.oneof(
          fc.integer({ min, max }),
          fc.constantFrom(min, max, Math.max(min, Math.min(max, 0)), Math.max(min, Math.min(max, 1))),
        );
      }
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'string':
        return stringFor(schema);
      case 'array':
        return depth > 3
          ? fc.constant([])
          : fc.array(valueFor(schema.items ?? {}, depth + 1), {
              minLength: schema.minItems ?? 0,
              maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
            });
      case 'object':
        return depth > 3
          ? fc.constant({})
          : fc.record(
              Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, valueFor(field, depth + 1)])),
            );
      default:
        return anyValue;
    }
  })();
  return schema.nullable ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: value }) : value;
}

/** The fields a body schema names; a body that names none (an empty object) gets an undocumented one. */
const bodyFields = (schema: JsonSchema) => {
  const named = Object.keys(schema.properties ?? {});
  return named.length > 0 ? named : ['value'];
};

/** A body that passes the documented schema, or one that does except for one field (odd or of the wrong type). */
const validBodyFor = (schema: JsonSchema) =>
  fc.oneof(
    { weight: 3, arbitrary: valueFor(schema) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valueFor(schema), fc.constantFrom(...bodyFields(schema)), fieldValue)
        .map(([body, field, odd]) => (body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [field]: odd } : body)),
    },
  );

/** Query strings with the documented parameters, each within its schema or one of them odd. */
const validQueryFor = (parameters: Route['query']) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(parameters.map(({ name, schema }) => [name, fc.oneof({ weight: 4, arbitrary: valueFor(schema) }, fieldValue)])),
      ),
    )
    .map(([query]) => {
      const pairs = Object.entries(query)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(
          ([name, value]) =>
            `${encodeURIComponent(name)}=${encodeURIComponent(wellFormed(typeof value === 'string' ? value : JSON.stringify(value)))}`,
        );
      return pairs.length ? `?${pairs.join('&')}` : '';
    });

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
    const pairs = Object.entries(query).map(
      ([key, value]) => `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(value))}`,
    );
    return pairs.length ? `?${pairs.join('&')}` : '';
  }),
  fc.constantFrom('?lang=xx', '?lang=%00', '?a=%E0%A4%A', '?%', '?lang=es&lang=en', '?__proto__=1', `?q=${'x'.repeat(5000)}`),
);

/**
 * One request for the route. With `reachHandlers`, half the bodies and queries follow the documented
 * schema (all fields valid, or all but one), so that the odd values reach the handlers and their SQL.
 */
export const requestFor = (route: Route, options: { reachHandlers?: boolean } = {}) =>
  fc.record({
    withSession: fc.boolean(),
    body:
      options.reachHandlers && route.body
        ? fc.oneof(
            bodyFor(route),
            validBodyFor(route.body).map((value) => ({ kind: 'json' as const, value })),
          )
        : bodyFor(route),
    query: options.reachHandlers && route.query.length ? fc.oneof(queryString, validQueryFor(route.query)) : queryString,
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', undefined) },
    ),
  });

export type FuzzRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

/** Sends one generated request (with `cookie` when given) and says what it was, for the failure message. */
export async function sendFuzzed(
  app: FastifyInstance,
  route: Route,
  { body, query, contentType }: FuzzRequest,
  cookie: string | undefined,
) {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const payload = hasBody ? (body.kind === 'raw' ? body.value : JSON.stringify(body.value)) : undefined;
  const response = await app.inject({
    method: route.method as 'GET',
    url: `${route.path}${query}`,
    payload,
    headers: { ...OUR_PAGE, ...(cookie ? { cookie } : {}), ...(hasBody && contentType ? { 'content-type': contentType } : {}) },
  });
  const described = `${route.method} ${route.path}${query.slice(0, 200)} ${JSON.stringify(String(payload).slice(0, 300))}`;
  return { response, payload, hasBody, described };
}

/** One of the files a fuzzing run is split into (1-based), so that the files run side by side, each within seconds. */
export interface FuzzPart {
  index: number;
  count: number;
}

/** The routes a part fuzzes: every `count`-th from its index, so that the parts share the routes evenly and cover all of them. */
export const routesOfPart = (routes: Route[], { index, count }: FuzzPart) => routes.filter((_, position) => position % count === index - 1);
