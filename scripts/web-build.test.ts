import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReason, buildWebAppIfStale, type ProgressOutput } from './web-build';

/** A project of the same layout as ours, with a one-module web app. */
function tinyProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'pipewise-build-'));
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }');
  mkdirSync(path.join(root, 'web'));
  mkdirSync(path.join(root, 'common'));
  writeFileSync(path.join(root, 'web', 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(
    path.join(root, 'web', 'main.js'),
    "import { greeting } from '../common/greeting.js';\nconsole.log(greeting);\n",
  );
  writeFileSync(path.join(root, 'common', 'greeting.js'), "export const greeting = 'hello';\n");
  // Absolute paths: Vite resolves `root` from the working directory, which is this repository's.
  const config = { root: path.join(root, 'web'), build: { outDir: path.join(root, 'dist', 'web'), emptyOutDir: true } };
  writeFileSync(path.join(root, 'vite.config.ts'), `export default ${JSON.stringify(config)};\n`);
  return root;
}

function recorder() {
  const lines: string[] = [];
  const updates: string[] = [];
  const output = (live: boolean): ProgressOutput => ({
    line: (text) => lines.push(text),
    update: live ? (text) => updates.push(text) : null,
  });
  return { lines, updates, output };
}

describe('npm start’s build of the web app', () => {
  it('builds when dist/web is missing or older than a source, and says which', () => {
    const root = tinyProject();
    expect(buildReason(root)).toMatch(/^Building the web app \(the first start does this once/);
    mkdirSync(path.join(root, 'dist', 'web'), { recursive: true });
    writeFileSync(path.join(root, 'dist', 'web', 'index.html'), '');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'dist', 'web', 'index.html'), later, later);
    expect(buildReason(root)).toBeNull();
    const evenLater = new Date(Date.now() + 120_000);
    utimesSync(path.join(root, 'common', 'greeting.js'), evenLater, evenLater);
    expect(buildReason(root)).toBe('Building the web app: its sources changed since the last build…');
  });

  it(
    'tells each phase of the build with its time, and nothing when the build is current',
    { timeout: 120_000 },
    async () => {
      const root = tinyProject();
      const { lines, output } = recorder();
      await buildWebAppIfStale(root, output(false));
      expect(lines).toEqual([
        expect.stringMatching(/^Building the web app \(the first start/),
        '  compiling the sources…',
        expect.stringMatching(/^ {2}compiled \d+ modules in \d+ s$/),
        '  writing the bundles…',
        expect.stringMatching(/^ {2}built in \d+ s$/),
      ]);

      lines.length = 0;
      await buildWebAppIfStale(root, output(false));
      expect(lines).toEqual([]);
    },
  );

  it('at a terminal, counts the modules compiled as it goes', { timeout: 120_000 }, async () => {
    const root = tinyProject();
    const { lines, updates, output } = recorder();
    await buildWebAppIfStale(root, output(true));
    expect(updates[0]).toMatch(/^ {2}compiling the sources: 1 modules, \d+ s$/);
    expect(lines).not.toContain('  compiling the sources…');
    expect(lines.at(-1)).toMatch(/^ {2}built in \d+ s$/);
  });
});
