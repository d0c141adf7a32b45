import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../../test/test-app.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

/** The response serializer (fast-json-stringify from the zod schema) keeps zod's guarantees. */

const SECRET = 'argon2id-hash-that-must-not-leave';
const answer = z.object({
  username: z.string(),
  coins: z.number().int(),
  nextLevelExp: z.union([z.number(), z.literal('Max')]),
  note: z.string().nullable(),
});

const testApp = useTestApp({
  extraApiRoutes: (plainApi) => {
    const api = (plainApi as FastifyInstance).withTypeProvider<ZodTypeProvider>();
    const schema = { response: { 200: answer } };
    api.get(
      '/test/with-extra-fields',
      { schema },
      async () => ({ username: 'dana', coins: 5, nextLevelExp: 'Max', note: null, passwordHash: SECRET }) as never,
    );
    api.get('/test/missing-field', { schema }, async () => ({ username: 'dana', nextLevelExp: 100, note: 'x' }) as never);
    api.get(
      '/test/date',
      { schema: { response: { 200: z.object({ at: z.date() }) } } },
      async () => ({ at: new Date('2026-11-21T10:00:00Z') }) as never,
    );
  },
});

describe('response serializer', () => {
  it('writes only the declared fields: a field the schema does not name never leaves the server', async () => {
    const response = await testApp.app.inject({ url: '/api/test/with-extra-fields' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(SECRET);
    expect(response.json()).toEqual({ username: 'dana', coins: 5, nextLevelExp: 'Max', note: null });
  });

  it('answers 500, not a half answer, when a required field is missing', async () => {
    const response = await testApp.app.inject({ url: '/api/test/missing-field' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('dana');
  });

  it('keeps zod writing a schema JSON Schema cannot express', async () => {
    const response = await testApp.app.inject({ url: '/api/test/date' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: '2026-11-21T10:00:00.000Z' });
  });

  it("makes a schema's writer once, and zod's per route (its errors name the route)", () => {
    const compile = (url: string, schema: z.ZodType) =>
      responseSerializerCompiler({ schema, method: 'GET', url, httpStatus: '200' } as Parameters<typeof responseSerializerCompiler>[0]);
    expect(compile('/a', answer)).toBe(compile('/b', answer));
    expect(compile('/a', answer)({ username: 'dana', coins: 1, nextLevelExp: 2, note: null, passwordHash: SECRET })).not.toContain(SECRET);
    const dated = z.object({ at: z.date() });
    expect(compile('/a', dated)).not.toBe(compile('/b', dated));
  });
});
