// The JavaScript each page makes the browser load on its first visit, gzipped, against a budget.
// `npx tsx bench/bundle.ts` prints the tables; bench/run.ts calls measureBundles() and formatBundleReport().
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const webRoot = path.join(projectDir, 'web');

const KB = 1000;

/**
 * The signed-in shell with the dashboard: the shell always mounts the toaster, whose library is a chunk group of its
 * own (vite.config.ts), and the notification bell and workspace switcher, each lazy but shown at once.
 */
const dashboardModules = [
  'web/src/shell/app-shell.tsx',
  'group:toast',
  'web/src/shell/notification-bell.tsx',
  'web/src/shell/workspace-switcher.tsx',
  'web/src/pages/dashboard/dashboard-page.tsx',
];

/**
 * Each page and the source modules its routes load lazily (paths from the project folder). A page's first
 * load is the entry chunk, the route modules' chunks, and every chunk these import statically.
 */
export const pageBudgets: Array<{ page: string; modules: string[]; budgetKb: number }> = [
  { page: '/', modules: ['web/src/pages/public/landing-page.tsx'], budgetKb: 100 },
  { page: '/pricing', modules: ['web/src/pages/public/pricing-page.tsx'], budgetKb: 100 },
  { page: '/signin', modules: ['web/src/pages/auth/auth-page.tsx'], budgetKb: 100 },
  // Where an invited colleague lands, signed out more often than not.
  { page: '/invite/:token', modules: ['web/src/pages/invitations/invitation-page.tsx'], budgetKb: 100 },
  // Also the scheduling widget's iframe on other people's websites.
  { page: '/book/:userId', modules: ['web/src/pages/booking/public/booking-page.tsx'], budgetKb: 100 },
  // Also the form widget's iframe on other people's websites.
  { page: '/forms/:id', modules: ['web/src/pages/forms/public/form-page.tsx'], budgetKb: 100 },
  // Also the chatbot widget's iframe on other people's websites.
  { page: '/chat/:id', modules: ['web/src/pages/chatbots/public/chat-page.tsx'], budgetKb: 100 },
  {
    page: '/app/dashboard',
    modules: dashboardModules,
    budgetKb: 150,
  },
  {
    // A new user's first visit (issue 32): everything the browser downloads from the sign-up page, with the checks
    // it fetches while the form is typed in, to the dashboard.
    page: 'first visit: /signup, then /app/dashboard',
    modules: ['web/src/pages/auth/auth-page.tsx', 'web/src/pages/auth/validation.ts', ...dashboardModules],
    budgetKb: 150,
  },
];

/** One record of Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkReport {
  /** The manifest key: the source module (from web/) for entries and lazy chunks, `_name-hash.js` for shared ones. */
  key: string;
  /** The source module, from the project folder (entries and lazy chunks only). */
  source?: string;
  file: string;
  name: string;
  gzipBytes: number;
  isEntry: boolean;
  /** Loaded by a dynamic import (a lazy route). */
  isDynamicEntry: boolean;
}

export interface PageReport {
  page: string;
  modules: string[];
  /** Every JS file of the first load: the entry's static closure plus the route modules' closures. */
  files: string[];
  gzipBytes: number;
  budgetBytes: number;
  ok: boolean;
}

/** A script served as is from web/public (no bundling), e.g. the scheduling widget. */
export interface ScriptReport {
  file: string;
  gzipBytes: number;
  budgetBytes: number;
  ok: boolean;
}

/** The embed scripts other websites load: plain files, each within its budget (decisions.md item 14). */
export const scriptBudgets: Array<{ file: string; budgetKb: number }> = [
  { file: 'scheduling-widget.js', budgetKb: 5 },
  { file: 'form-widget.js', budgetKb: 5 },
  // The budget is 15 KB: the chat runs in its iframe, so the script is a button and a panel.
  { file: 'chatbot-widget.js', budgetKb: 15 },
];

export interface BundleReport {
  chunks: ChunkReport[];
  pages: PageReport[];
  scripts: ScriptReport[];
}

/**
 * The manifest key of a lazy chunk's module (a path from the project folder), or of a chunk group named in
 * vite.config.ts (`group:<name>`), which the bundler may leave without a module of its own.
 */
function manifestKeyOf(manifest: Manifest, module: string): string | undefined {
  if (module.startsWith('group:')) {
    const name = module.slice('group:'.length);
    return Object.keys(manifest).find((key) => manifest[key]!.name === name && !manifest[key]!.isEntry);
  }
  const key = path.relative(webRoot, path.join(projectDir, module)).split(path.sep).join('/');
  return manifest[key]?.isDynamicEntry ? key : undefined;
}

const toProjectPath = (key: string) => path.relative(projectDir, path.join(webRoot, key)).split(path.sep).join('/');

/** The manifest keys of `key` and everything it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of its own in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export async function measureBundles(): Promise<BundleReport> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pipewise-bundle-'));
  try {
    await build({
      configFile: path.join(projectDir, 'vite.config.ts'),
      root: webRoot,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

    const gzipOf = new Map<string, number>();
    for (const { file } of Object.values(manifest)) {
      if (!gzipOf.has(file))
        gzipOf.set(file, gzipSync(await fs.readFile(path.join(outDir, file)), { level: 9 }).length);
    }

    const chunks: ChunkReport[] = Object.entries(manifest)
      .filter(([, chunk]) => chunk.file.endsWith('.js'))
      .map(([key, chunk]) => ({
        key,
        source: chunk.src ? toProjectPath(chunk.src) : undefined,
        file: chunk.file,
        name: chunk.name ?? path.basename(chunk.file),
        gzipBytes: gzipOf.get(chunk.file)!,
        isEntry: Boolean(chunk.isEntry),
        isDynamicEntry: Boolean(chunk.isDynamicEntry),
      }));

    const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
    const entryClosure = staticClosure(manifest, entries[0]!);

    const pages: PageReport[] = pageBudgets.map(({ page, modules, budgetKb }) => {
      const keys = new Set(entryClosure);
      for (const module of modules) {
        const key = manifestKeyOf(manifest, module);
        if (!key) throw new Error(`${page}: ${module} is not a lazy chunk of the build`);
        staticClosure(manifest, key, keys);
      }
      const files = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
      const gzipBytes = files.reduce((sum, file) => sum + gzipOf.get(file)!, 0);
      const budgetBytes = budgetKb * KB;
      return { page, modules, files, gzipBytes, budgetBytes, ok: gzipBytes <= budgetBytes };
    });

    const scripts: ScriptReport[] = await Promise.all(
      scriptBudgets.map(async ({ file, budgetKb }) => {
        const gzipBytes = gzipSync(await fs.readFile(path.join(outDir, file)), { level: 9 }).length;
        return { file, gzipBytes, budgetBytes: budgetKb * KB, ok: gzipBytes <= budgetKb * KB };
      }),
    );

    return { chunks, pages, scripts };
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

export function formatBundleReport(report: BundleReport): string {
  const pageRows = report.pages.map(
    (page) => `| ${page.page} | ${kb(page.gzipBytes)} | ${kb(page.budgetBytes)} | ${page.ok ? 'ok' : 'over'} |`,
  );
  const lazyRows = report.chunks
    .filter((chunk) => chunk.isDynamicEntry)
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((chunk) => `| ${chunk.source ?? chunk.key} | ${kb(chunk.gzipBytes)} |`);
  return [
    '| page (first load, JS) | KB gzip | budget | |',
    '| --- | ---: | ---: | --- |',
    ...pageRows,
    '',
    '| script (served as is) | KB gzip | budget | |',
    '| --- | ---: | ---: | --- |',
    ...report.scripts.map(
      (script) =>
        `| /${script.file} | ${kb(script.gzipBytes)} | ${kb(script.budgetBytes)} | ${script.ok ? 'ok' : 'over'} |`,
    ),
    '',
    '| lazy chunk | KB gzip |',
    '| --- | ---: |',
    ...lazyRows,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const report = await measureBundles();
  console.log(formatBundleReport(report));
  if ([...report.pages, ...report.scripts].some((item) => !item.ok)) process.exitCode = 1;
}
