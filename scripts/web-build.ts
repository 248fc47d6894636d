// The web app's build as `npm start` runs it: only when missing or older than its sources, saying what it does.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  if (statSync(file).isFile()) return statSync(file).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    const full = path.join(file, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Why the web app must be built before the server starts, or null when dist/web is newer than its sources. */
export function buildReason(root: string): string | null {
  const builtIndex = path.join(root, 'dist', 'web', 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = ['web', 'common', 'vite.config.ts'].map((name) => path.join(root, name));
  if (builtAt && sources.every((source) => newestChange(source) <= builtAt)) return null;
  return builtAt
    ? 'Building the web app: its sources changed since the last build…'
    : 'Building the web app (the first start does this once: about a minute on a small machine)…';
}

export interface ProgressOutput {
  /** A finished line. */
  line(text: string): void;
  /** At a terminal: the line being rewritten in place; null in a log file, where only finished lines go. */
  update: ((text: string) => void) | null;
}

export const terminalOutput = (): ProgressOutput => ({
  line: (text) => process.stdout.write(`${process.stdout.isTTY ? '\r\x1b[2K' : ''}${text}\n`),
  update: process.stdout.isTTY ? (text) => process.stdout.write(`\r\x1b[2K${text}`) : null,
});

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Vite's progress, told briefly: a line per phase with the time since the build was announced, and at a terminal
 * the count of modules compiled so far. (Vite's own report lists each of the ~90 files it writes.)
 */
export function buildProgress(output: ProgressOutput, startedAt = Date.now()): Plugin {
  let modules = 0;
  let shownAt = 0;
  return {
    name: 'pipewise-build-progress',
    apply: 'build',
    buildStart() {
      if (!output.update) output.line('  compiling the sources…');
    },
    transform() {
      modules += 1;
      if (output.update && Date.now() - shownAt > 200) {
        shownAt = Date.now();
        output.update(`  compiling the sources: ${modules} modules, ${seconds(startedAt)}`);
      }
      return null;
    },
    renderStart() {
      output.line(`  compiled ${modules} modules in ${seconds(startedAt)}`);
      output.line('  writing the bundles…');
    },
    closeBundle() {
      output.line(`  built in ${seconds(startedAt)}`);
    },
  };
}

/** Builds dist/web when it is missing or stale, telling the terminal what it does. */
export async function buildWebAppIfStale(root: string, output = terminalOutput()): Promise<void> {
  const reason = buildReason(root);
  if (!reason) return;
  const startedAt = Date.now();
  output.line(reason);
  const { build } = await import('vite');
  const plugins = [buildProgress(output, startedAt)];
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', plugins });
}
