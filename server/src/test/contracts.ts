import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiRoute } from '@common/api-route';

// The routes of common/<area>-api.ts files (common/api-route.ts), read as the tests of the route table need them.

const isRoute = (value: unknown): value is ApiRoute =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

const commonDir = fileURLToPath(new URL('../../../common/', import.meta.url));

/** Every route of every `common/<area>-api.ts`, by "METHOD /path". */
export async function readContracts(): Promise<Map<string, ApiRoute>> {
  const contracts = new Map<string, ApiRoute>();
  const files = readdirSync(commonDir).filter((name) => name.endsWith('-api.ts'));
  for (const name of files) {
    const file = (await import(pathToFileURL(path.join(commonDir, name)).href)) as Record<string, unknown>;
    for (const group of Object.values(file))
      if (typeof group === 'object' && group !== null)
        for (const route of Object.values(group))
          if (isRoute(route)) contracts.set(`${route.method} ${route.path}`, route);
  }
  return contracts;
}
