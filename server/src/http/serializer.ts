import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

/** The zod type provider's serializer: a zod check of the answer, then `JSON.stringify`. */
const zodSerializerCompiler = createSerializerCompiler({});

/**
 * The function that writes a schema's answers as JSON, compiled once per route from the schema's JSON Schema
 * (fast-json-stringify): it writes only the schema's properties, as zod's check did, without checking or copying
 * the answer first. A schema that JSON Schema cannot express (`z.custom`) has none, and keeps zod's check.
 */
export function compiledStringify(schema: ZodType): ((data: unknown) => string) | null {
  let jsonSchema: unknown;
  try {
    jsonSchema = toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  return fastJson(withExtraPropertiesAllowed(jsonSchema) as object);
}

/**
 * The schema without zod's `additionalProperties: false`. fast-json-stringify writes only the named properties
 * either way; but it picks a branch of a union (a nullable object, a discriminated union) by validating the value
 * against it, and an object with more than its branch names (a row with a column the answer leaves out) would then
 * match none, where zod strips what it does not name.
 */
function withExtraPropertiesAllowed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withExtraPropertiesAllowed);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withExtraPropertiesAllowed(value)]),
  );
}

/**
 * The server's serializer compiler. With `checkAnswers` (every app but the production server's), each answer is
 * also checked by its zod schema and must come out exactly as zod's serializer writes it: the whole test suite is
 * then a contract test of both the schemas and the compiled functions.
 */
export function serializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const stringify = compiledStringify(route.schema);
    const checked = zodSerializerCompiler(route);
    if (!stringify) return checked;
    if (!checkAnswers) return stringify;
    return (data) => {
      const expected = checked(data);
      const written = stringify(data);
      if (written !== expected) {
        throw new Error(`${route.method} ${route.url}: compiled serializer wrote ${written}, zod wrote ${expected}`);
      }
      return written;
    };
  };
}
