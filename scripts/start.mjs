// `npm start`: builds the web app when the build is missing or older than its sources, then runs the server.
// Each phase says what it does (scripts/web-build.ts, server/src/main.ts): a first start builds the web app and
// makes a new embedded database, a minute or two on a small machine, and a silent terminal looks like a hang.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
register();
const { buildWebAppIfStale } = await import('./web-build.ts');
await buildWebAppIfStale(root);
console.log('Starting the server…');
await import(path.join(root, 'server', 'src', 'main.ts'));
