import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { startJobQueue } from '../jobs/queue';
import { openTestDatabase, testConfig, type TestApp } from './test-app';

// The app of the safety batteries (isolation-matrix, fuzz, abuse and routes-defined-once tests in http/), with the
// route table they walk.

/** The app with its route table: every route as Fastify added it. */
export async function buildAppWithRoutes(): Promise<TestApp & { routes: RouteOptions[] }> {
  const routes: RouteOptions[] = [];
  const database = await openTestDatabase();
  // Avatars are files in the data folder.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pipewise-isolation-'));
  // The queue, for the routes that queue work (an import); no worker runs, the walks work imports themselves.
  const jobs = await startJobQueue(database, console);
  const app = await buildApp({
    jobs,
    // Mail servers on private addresses refused: the world's account is checked and sent with, and never connects.
    config: { ...testConfig, dataDir, allowPrivateHosts: false },
    database,
    webDir: null,
    logger: false,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  return {
    app,
    database,
    routes,
    close: async () => {
      await jobs.stop();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** "METHOD /api/path/:param" of each route; HEAD routes Fastify adds beside a GET are the GET's. */
export function routeKeys(routes: RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && routes.some((r) => r.url === route.url && [r.method].flat().includes('GET'))) continue;
      keys.add(`${method} ${route.url}`);
    }
  }
  return [...keys].sort();
}
