import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, found by walking up from this module: the same answer whether the server runs from its
 * sources (server/src) or bundled (dist/server, scripts/build-server.mjs), where paths relative to a module differ.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project folder above ${from}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, as written from its root. */
export const inProject = (...segments: string[]) => path.join(projectRoot, ...segments);
