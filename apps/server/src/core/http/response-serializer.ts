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
  const schema = routeSchema.schema as z.ZodType;
  let writer = writerBySchema.get(schema);
  if (writer === undefined) {
    writer = fastJsonWriter(schema);
    writerBySchema.set(schema, writer);
  }
  // zod's serializer names the route in its errors, so it is made per route (it is cheap to make).
  return writer ?? zodSerializerCompiler(routeSchema as RouteSchema);
};

/**
 * Each schema's writer, made once per process (null: JSON Schema cannot express it). Making one
 * (zod to JSON Schema, then fast-json-stringify's code generation and its own check of the schema)
 * is most of what registering a route costs, and the contracts' schemas are module constants: the
 * server tests build an app per file in one process and spent about 7 % of their CPU here.
 */
const writerBySchema = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();

function fastJsonWriter(schema: z.ZodType): ((data: unknown) => string) | null {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
}
