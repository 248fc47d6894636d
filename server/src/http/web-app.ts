import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashes of the inline scripts of index.html (the theme is set before React loads), for the CSP. */
export function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return hashes;
}

export function readIndexHtml(webDir: string): string | null {
  const file = path.join(webDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * Serves the built React app: files from dist/web, and index.html for every other page path
 * (the router decides). Unknown /api paths and missing files answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string, indexHtml: string | null) {
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        // Embed scripts run on other websites: helmet's Cross-Origin-Resource-Policy (same-origin) would block them.
        if (filePath.endsWith('-widget.js')) res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // A page path (no file extension) outside the API: the router decides. A missing file stays 404.
    const pathname = req.url.split('?')[0]!;
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
