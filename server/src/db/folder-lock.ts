import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

export class FolderLockedError extends Error {}

/**
 * Takes the embedded database folder for this process. Two processes writing one PGlite folder
 * corrupt it, so a second server on the same folder refuses to start. A lock left by a killed
 * process (its pid no longer runs) is taken over.
 */
export function acquireFolderLock(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const lockFile = path.join(path.dirname(folder), `${path.basename(folder)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lockFile, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isRunning(holder)) {
        throw new FolderLockedError(
          `The database folder ${folder} is in use by another server (pid ${holder}). ` +
            'Stop that server first, or give this one another DATA_DIR. ' +
            'To run several servers, use PostgreSQL (DATABASE_URL).',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new FolderLockedError(`Could not lock the database folder ${folder}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
