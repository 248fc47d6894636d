import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
// semver comes with fastify (its own dependency), and npm checks `engines` with it.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

describe('the Node version the README names', () => {
  const { engines } = readJson<{ engines: { node: string } }>('package.json');
  const oldest = semver.minVersion(engines.node)!.version;

  it('is the oldest of package.json’s engines', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(
      `Node.js ${oldest.replace(/\.0$/, '')} or newer`,
    );
  });

  it('runs every installed package: none asks for a newer Node (npm ci would warn EBADENGINE)', () => {
    const lock = readJson<{ packages: Record<string, { version?: string; engines?: { node?: string } }> }>(
      'package-lock.json',
    );
    const tooNew = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string' && !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name}@${entry.version} wants node ${entry.engines!.node}`);
    expect(tooNew).toEqual([]);
  });
});

// package.json's overrides hold two packages at their last major that runs on Node 20; these are the calls made of them.
describe('the overridden packages work as their dependents call them', () => {
  it('light-my-request sends the cookies it is given (cookie 1)', async () => {
    const app = Fastify();
    app.get('/', async (req) => ({ cookie: req.headers.cookie }));
    const res = await app.inject({ url: '/', cookies: { session: 'a b/c', theme: 'dark' } });
    expect(res.json()).toEqual({ cookie: 'session=a%20b%2Fc; theme=dark' });
    await app.close();
  });

  it('@fastify/static names a download, non-ASCII included (content-disposition 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pipewise-static-'));
    writeFileSync(path.join(dir, 'report.txt'), 'hello');
    const app = Fastify();
    await app.register(fastifyStatic, { root: dir, serve: false });
    app.get('/download', (_req, reply) => reply.download('report.txt', 'Résumé 2025.txt'));
    const res = await app.inject({ url: '/download' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="R?sum? 2025.txt"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%202025.txt',
    );
    await app.close();
  });
});
