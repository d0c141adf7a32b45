import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Answers are written by fast-json-stringify from each route's zod response schema, turned
 * into JSON Schema once when the route is registered: about ten times cheaper per answer than
 * zod checking the object and JSON.stringify writing it (GUIDE section 8). Like zod's
 * serializer it writes only the declared fields, and a missing required field is an error
 * (500), never a half answer. A schema JSON Schema cannot express (a transform, a date) keeps
 * zod's serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<RouteSchema['schema']> = (routeSchema) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(routeSchema.schema as z.ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return zodSerializerCompiler(routeSchema as RouteSchema);
  }
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
};
