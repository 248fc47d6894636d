import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledStringify, serializerCompiler } from './serializer';

const person = z.object({
  id: z.string(),
  email: z.string().nullable(),
  tags: z.array(z.string()),
  owner: z.object({ name: z.string() }).nullable(),
  kind: z.discriminatedUnion('type', [
    z.object({ type: z.literal('a'), count: z.number().int() }),
    z.object({ type: z.literal('b'), note: z.string().optional() }),
  ]),
});
const answer = {
  id: 'p1',
  email: null,
  tags: ['x', 'quote " and \u2028 line'],
  owner: { name: 'Ada', passwordHash: 'secret' },
  kind: { type: 'b', note: 'n', hidden: 1 },
  secret: 'never written',
};
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('compiled serializers', () => {
  it("write what zod's check and JSON.stringify write, leaving out what the schema does not name", () => {
    const written = compiledStringify(person)!(answer);
    expect(written).toBe(JSON.stringify(person.parse(answer)));
    expect(written).not.toContain('secret');
  });

  it('leave a schema JSON Schema cannot express to zod', () => {
    const custom = z.object({ name: z.custom<string>((value) => typeof value === 'string' && value !== '') });
    expect(compiledStringify(custom)).toBeNull();
    const serialize = serializerCompiler(false)(route(custom));
    expect(serialize({ name: 'Ada', secret: 1 })).toBe('{"name":"Ada"}');
    expect(() => serialize({ name: '' })).toThrow();
  });

  it('with answers checked, refuse an answer its schema refuses, as zod did', () => {
    const serialize = serializerCompiler(true)(route(person));
    expect(serialize(answer)).toBe(JSON.stringify(person.parse(answer)));
    expect(() => serialize({ ...answer, email: 42 })).toThrow();
  });

  it('without the check, write the answer by the compiled function alone', () => {
    const serialize = serializerCompiler(false)(route(person));
    // A number where the schema says text is written as text rather than refused: only the tests check answers.
    expect(serialize({ ...answer, id: 42 })).toContain('"id":"42"');
  });
});
