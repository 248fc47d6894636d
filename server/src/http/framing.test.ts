import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase, testConfig } from '../test/test-app';

// The scheduling widget frames /book/{userId} and the form widget /forms/{id} on other sites (decisions.md item 14);
// nothing else may be framed.

let webDir: string;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'pipewise-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  for (const widget of ['form-widget.js', 'scheduling-widget.js']) writeFileSync(path.join(webDir, widget), '');
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig, database, webDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('framing', () => {
  it.each([
    '/book/00000000-0000-0000-0000-000000000000?embed=1',
    '/forms/00000000-0000-0000-0000-000000000000?embed=1',
  ])('lets any site frame %s, with the rest of the policy unchanged', async (url) => {
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('frame-ancestors');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const home = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toBe(home.replace(/;?frame-ancestors 'self'/, ''));
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/',
    '/app/dashboard',
    '/app/forms',
    '/book',
    '/booking/x',
    '/forms',
    '/form/x',
    '/api/health',
    '/api/public/booking/x',
    '/api/public/forms/x',
  ])('keeps %s to its own site', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it.each(['/form-widget.js', '/scheduling-widget.js'])('lets other sites load %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
