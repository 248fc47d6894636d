import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase, testConfig } from '../test/test-app';
import { inlineScriptHashes } from './web-app';

const inlineScript = "document.documentElement.classList.add('dark')";
const indexHtml = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`;

let webDir: string;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'pipewise-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig, database, webDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/pricing', '/app/contacts', '/app/nope?x=1'])(
    'answers %s with the app page, whatever the Accept header',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(indexHtml);
    },
  );

  it('allows the inline theme script by its hash and no other inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const [hash] = inlineScriptHashes(indexHtml);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('sends the security headers on pages, API answers and errors alike', async () => {
    for (const url of ['/', '/api/health', '/api/nope', '/assets/missing.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      // Served over http here: no HSTS, which would pin a plain-http deployment to https.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('serves built files with a long cache, and 404 for missing files and API paths', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
  });
});

describe('the API reference beside the web app', () => {
  it.each(['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui.css'])(
    'serves %s, not the app page',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toBe(indexHtml);
    },
  );

  it('answers a missing file of it 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/docs/static/missing.js' })).statusCode).toBe(404);
  });
});

describe('the API description', () => {
  it('is an OpenAPI document built from the same schemas that validate requests', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const createContact = doc.paths['/api/contacts'].post;
    expect(createContact.requestBody.content['application/json'].schema.required).toContain('name');
  });
});
