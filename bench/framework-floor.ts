// The framework floor: Fastify answering, at the API's paths, constant JSON bodies of the API's own sizes.
// Run as its own process, like the real server: `PORT=… node --import tsx bench/framework-floor.ts ANSWERS.json`.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface Answer {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  body: string;
}

const answers = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Answer[];
const app = Fastify({ logger: false });
const routes = new Set<string>();
/** An id in a path is a parameter: the chat lines' every request names another conversation. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const routeOf = (path: string) =>
  path
    .split('?')[0]!
    .split('/')
    .map((part, index) => (ID.test(part) ? `:id${index}` : part))
    .join('/');
for (const answer of answers) {
  const route = routeOf(answer.path);
  // Pages of one list share a path and are of one size: the first body stands for them all.
  if (routes.has(`${answer.method} ${route}`)) continue;
  routes.add(`${answer.method} ${route}`);
  app.route({
    method: answer.method,
    url: route,
    handler: (_req, reply) => reply.code(answer.status).type('application/json').send(answer.body),
  });
}
// The bench waits for GET /api/health before it measures, also when it measures only other lines (--only).
if (!routes.has('GET /api/health')) app.get('/api/health', () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
