import fc from 'fast-check';
import { z } from 'zod';
import { contentTypes, junkQueries, nastyString, nastyValue, queryValue, rawPayloads } from './fuzz-values';
import type { Part } from './isolation-requests';
import type { World } from './isolation-world';

// The fuzzer's bodies and query strings (server/src/http/fuzz.test.ts): a route's valid example with fields changed
// at the key paths of its schema, other JSON, raw payloads of other types, multipart parts, and odd query pairs.

/** The key paths of a zod schema (its input side), as far as JSON Schema can say them. */
export function schemaPaths(schema: unknown): Array<Array<string | number>> {
  if (!(schema instanceof z.ZodType)) return [];
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return [];
  }
  const paths: Array<Array<string | number>> = [];
  const walk = (node: unknown, prefix: Array<string | number>, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 4) return;
    const n = node as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
    for (const [key, child] of Object.entries(n.properties ?? {})) {
      paths.push([...prefix, key]);
      walk(child, [...prefix, key], depth + 1);
    }
    if (n.items) {
      paths.push([...prefix, 0]);
      walk(n.items, [...prefix, 0], depth + 1);
    }
    for (const option of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) walk(option, prefix, depth + 1);
  };
  walk(json, [], 0);
  return paths;
}

/** The key paths of a value: every key and index, nested. */
export function valuePaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...valuePaths(child, path)];
  });
}

/** A copy of `value` with `path` set to `replacement` (undefined drops the key), making the way as needed. */
function withPath(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const base = value && typeof value === 'object' ? value : typeof head === 'number' ? [] : {};
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...base }) as Record<string | number, unknown>;
  copy[head] = withPath(copy[head], rest, replacement);
  if (copy[head] === undefined && !Array.isArray(copy)) delete copy[head];
  return copy;
}

export type Body = { json: unknown } | { raw: string; contentType: string } | { parts: Part[] } | { none: true };

export function bodyArbitrary(
  w: World,
  example: unknown,
  paths: Array<Array<string | number>>,
  multipart: boolean,
): fc.Arbitrary<Body> {
  const keys = [...new Set(paths.filter((path) => path.length === 1).map((path) => String(path[0])))];
  const mutated = paths.length
    ? fc
        .array(fc.tuple(fc.constantFrom(...paths), fc.option(nastyValue(w), { freq: 8, nil: undefined })), {
          minLength: 1,
          maxLength: 3,
        })
        .map((changes) => ({
          json: changes.reduce<unknown>((body, [path, value]) => withPath(body, path, value), example ?? {}),
        }))
    : fc.constant<Body>({ json: example ?? {} });
  const choices: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 6, arbitrary: mutated },
    {
      weight: 2,
      arbitrary: fc
        .tuple(...keys.map(() => fc.option(nastyValue(w), { nil: undefined })))
        .map((values) => ({ json: Object.fromEntries(keys.map((key, i) => [key, values[i]])) })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...rawPayloads), nastyString), fc.constantFrom(...contentTypes))
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ none: true as const }) },
  ];
  if (multipart) {
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('file', 'avatar', 'mapping', 'duplicates'), nastyString),
      bytes: fc.oneof(nastyString, fc.constantFrom('{"name":0}', '{"name":99,"email":-1}', 'update', 'skip')),
      filename: fc.option(fc.oneof(fc.constantFrom('a.csv', 'a.png', '../../x', ''), nastyString), {
        nil: undefined,
      }),
      type: fc.option(fc.constantFrom('text/csv', 'image/png', 'image/svg+xml', 'text/html'), { nil: undefined }),
    });
    choices.push({ weight: 8, arbitrary: fc.array(part, { maxLength: 4 }).map((parts) => ({ parts })) });
  }
  return fc.oneof(...choices);
}

export function queryArbitrary(w: World, example: URLSearchParams, schemaKeys: string[]): fc.Arbitrary<string> {
  const keys = [...new Set([...example.keys(), ...schemaKeys, 'limit', 'cursor', 'q'])];
  const pairs = fc
    .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, nastyString), queryValue(w)), {
      minLength: 1,
      maxLength: 4,
    })
    .map((entries) => {
      const query = new URLSearchParams(example);
      for (const [key, value] of entries) {
        if (query.has(key) && value.length % 2 === 0) query.set(key, value);
        else query.append(key, value);
      }
      return query.toString();
    });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(example.toString()) },
    { weight: 5, arbitrary: pairs },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...junkQueries).map((junk) => [example.toString(), junk].filter(Boolean).join('&')),
    },
  );
}
