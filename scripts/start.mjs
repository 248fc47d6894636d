// `npm start`: builds the web app when the build is missing or older than its sources, then runs the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtIndex = path.join(root, 'dist', 'web', 'index.html');

function newestChange(dir) {
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['web', 'common'].map((dir) => path.join(root, dir));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (sources.some((dir) => newestChange(dir) > builtAt) || newestChange(path.join(root, 'vite.config.ts')) > builtAt) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server', 'src', 'main.ts'));
