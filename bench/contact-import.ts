import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { ContactImport } from '../common/contacts';
import { count } from './lines/line';
import { rate } from './report';

// The import of a large CSV file as the import dialog sends it (issue 30): the upload, its check, and the job that
// imports it, timed from the request to the import's end.

/** A CSV file of `rows` new people (their e-mails new to the bench user), written a block at a time. */
async function writePeople(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('Name,Email,Phone,Company\n');
  const BLOCK = 10_000;
  for (let start = 0; start < rows; start += BLOCK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + BLOCK); i++) {
      lines.push(
        `Imported Person ${i},imported.${i}@bench.example,+1 555 ${String(i % 100000).padStart(5, '0')},Company ${i % 997}`,
      );
    }
    if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export interface ImportFigures {
  rows: number;
  bytes: number;
  /** From the request to the import's end. */
  seconds: number;
  /** The upload and the whole file's check, until the 202. */
  acceptedSeconds: number;
}

/** Imports `rows` contacts through the server and answers how long it took. */
export async function measureImport(base: string, cookie: string, dir: string, rows: number): Promise<ImportFigures> {
  const file = `${dir}/bench-import.csv`;
  await writePeople(file, rows);
  try {
    const body = new FormData();
    body.append('mapping', JSON.stringify({ name: 0, email: 1, phone: 2, company: 3 }));
    body.append('duplicates', 'skip');
    const blob = await openAsBlob(file, { type: 'text/csv' });
    body.append('file', blob, 'bench-import.csv');
    const started = performance.now();
    const res = await fetch(`${base}/api/contacts/import`, { method: 'POST', headers: { cookie }, body });
    if (res.status !== 202) throw new Error(`the bench's import was refused: ${res.status} ${await res.text()}`);
    const acceptedSeconds = (performance.now() - started) / 1000;
    const { id } = (await res.json()) as ContactImport;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const status = (await (
        await fetch(`${base}/api/contacts/imports/${id}`, { headers: { cookie } })
      ).json()) as ContactImport;
      if (status.state === 'failed') throw new Error(`the bench's import failed: ${status.error}`);
      if (status.state === 'done') {
        if (status.imported !== rows) throw new Error(`the bench's import stored ${status.imported} of ${rows} rows`);
        return { rows, bytes: blob.size, seconds: (performance.now() - started) / 1000, acceptedSeconds };
      }
    }
  } finally {
    await rm(file, { force: true });
  }
}

/** The report's line: rows, size, time and rate. */
export function importLine({ rows, bytes, seconds, acceptedSeconds }: ImportFigures): string {
  return (
    `Contact import: ${count(rows)} rows (${(bytes / 1024 / 1024).toFixed(0)} MB) in ${seconds.toFixed(1)} s, ` +
    `${rate(rows / seconds)} rows/s (upload and check ${acceptedSeconds.toFixed(1)} s)`
  );
}
